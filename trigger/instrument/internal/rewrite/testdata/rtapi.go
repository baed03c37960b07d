// Package rt is a stub of the runtime API of trigger/CONTRACT.md section 3,
// used to type-check golden outputs without the real runtime.
package rt

import (
	"context"
	"sync"
	"testing"
	"time"
)

type Site struct {
	File      string
	Line, Col int
	Func, Op  string
	Class     string
}

func Lock(m *sync.Mutex, s *Site)                              {}
func Unlock(m *sync.Mutex, s *Site)                            {}
func TryLock(m *sync.Mutex, s *Site) bool                      { return false }
func RWLock(m *sync.RWMutex, s *Site)                          {}
func RWUnlock(m *sync.RWMutex, s *Site)                        {}
func RWTryLock(m *sync.RWMutex, s *Site) bool                  { return false }
func RLock(m *sync.RWMutex, s *Site)                           {}
func RUnlock(m *sync.RWMutex, s *Site)                         {}
func TryRLock(m *sync.RWMutex, s *Site) bool                   { return false }
func RLocker(m *sync.RWMutex, s *Site) sync.Locker             { return nil }
func LockerLock(l sync.Locker, s *Site)                        {}
func LockerUnlock(l sync.Locker, s *Site)                      {}
func Go(s *Site, f func())                                     {}
func Send[T any](ch chan<- T, v T, s *Site)                    {}
func Recv[T any](ch <-chan T, s *Site) (v T)                   { return }
func Recv2[T any](ch <-chan T, s *Site) (v T, ok bool)         { return }
func Close[T any](ch chan<- T, s *Site)                        {}
func SendCase[T any](ch chan<- T, v T) SelectCase              { return SelectCase{} }
func RecvCase[T any](ch <-chan T, v *T, ok *bool) SelectCase   { return SelectCase{} }
func Select(s *Site, hasDefault bool, cases ...SelectCase) int { return 0 }
func WGAdd(wg *sync.WaitGroup, delta int, s *Site)             {}
func WGDone(wg *sync.WaitGroup, s *Site)                       {}
func WGWait(wg *sync.WaitGroup, s *Site)                       {}
func WGGo(wg *sync.WaitGroup, f func(), s *Site)               {}
func CondWait(c *sync.Cond, s *Site)                           {}
func CondSignal(c *sync.Cond, s *Site)                         {}
func CondBroadcast(c *sync.Cond, s *Site)                      {}
func OnceDo(o *sync.Once, f func(), s *Site)                   {}
func Sleep(d time.Duration, s *Site)                           {}
func Gosched(s *Site)                                          {}
func Now(s *Site) time.Time                                    { return time.Time{} }
func NowFunc() time.Time                                       { return time.Time{} }
func Since(t time.Time, s *Site) time.Duration                 { return 0 }
func Until(t time.Time, s *Site) time.Duration                 { return 0 }
func After(d time.Duration, s *Site) <-chan time.Time          { return nil }
func Tick(d time.Duration, s *Site) <-chan time.Time           { return nil }
func NewTimer(d time.Duration, s *Site) *time.Timer            { return nil }
func NewTicker(d time.Duration, s *Site) *time.Ticker          { return nil }
func AfterFunc(d time.Duration, f func(), s *Site) *time.Timer { return nil }
func TimerStop(t *time.Timer, s *Site) bool                    { return false }
func TimerReset(t *time.Timer, d time.Duration, s *Site) bool  { return false }
func TickerStop(t *time.Ticker, s *Site)                       {}
func TickerReset(t *time.Ticker, d time.Duration, s *Site)     {}

func WithCancel(p context.Context, s *Site) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithCancelCause(p context.Context, s *Site) (context.Context, context.CancelCauseFunc) {
	return nil, nil
}
func WithTimeout(p context.Context, d time.Duration, s *Site) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithTimeoutCause(p context.Context, d time.Duration, cause error, s *Site) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithDeadline(p context.Context, d time.Time, s *Site) (context.Context, context.CancelFunc) {
	return nil, nil
}
func WithDeadlineCause(p context.Context, d time.Time, cause error, s *Site) (context.Context, context.CancelFunc) {
	return nil, nil
}
func ContextAfterFunc(ctx context.Context, f func(), s *Site) func() bool { return nil }
func Cause(ctx context.Context, s *Site) error                            { return nil }
func TestStart(t *testing.T) func()                                       { return nil }
func Run(t *testing.T, name string, f func(*testing.T), s *Site) bool     { return false }
func Parallel(t *testing.T, s *Site)                                      {}

type SelectCase struct{ x int }

func InBubble[F any](f F, s *Site) F { return f }
