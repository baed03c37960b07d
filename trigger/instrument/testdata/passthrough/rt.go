// Package rt is a pass-through implementation of the runtime API of
// trigger/CONTRACT.md section 3: every function performs the real
// operation. The instrumenter's tests build with it to test instrumented
// code on its own, independently of the real runtime.
package rt

import (
	"context"
	"reflect"
	"runtime"
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

func Lock(m *sync.Mutex, s *Site)                              { m.Lock() }
func Unlock(m *sync.Mutex, s *Site)                            { m.Unlock() }
func TryLock(m *sync.Mutex, s *Site) bool                      { return m.TryLock() }
func RWLock(m *sync.RWMutex, s *Site)                          { m.Lock() }
func RWUnlock(m *sync.RWMutex, s *Site)                        { m.Unlock() }
func RWTryLock(m *sync.RWMutex, s *Site) bool                  { return m.TryLock() }
func RLock(m *sync.RWMutex, s *Site)                           { m.RLock() }
func RUnlock(m *sync.RWMutex, s *Site)                         { m.RUnlock() }
func TryRLock(m *sync.RWMutex, s *Site) bool                   { return m.TryRLock() }
func RLocker(m *sync.RWMutex, s *Site) sync.Locker             { return m.RLocker() }
func LockerLock(l sync.Locker, s *Site)                        { l.Lock() }
func LockerUnlock(l sync.Locker, s *Site)                      { l.Unlock() }
func Go(s *Site, f func())                                     { go f() }
func Send[T any](ch chan<- T, v T, s *Site)                    { ch <- v }
func Recv[T any](ch <-chan T, s *Site) T                       { return <-ch }
func Recv2[T any](ch <-chan T, s *Site) (T, bool)              { v, ok := <-ch; return v, ok }
func Close[T any](ch chan<- T, s *Site)                        { close(ch) }
func WGAdd(wg *sync.WaitGroup, delta int, s *Site)             { wg.Add(delta) }
func WGDone(wg *sync.WaitGroup, s *Site)                       { wg.Done() }
func WGWait(wg *sync.WaitGroup, s *Site)                       { wg.Wait() }
func WGGo(wg *sync.WaitGroup, f func(), s *Site)               { wg.Go(f) }
func CondWait(c *sync.Cond, s *Site)                           { c.Wait() }
func CondSignal(c *sync.Cond, s *Site)                         { c.Signal() }
func CondBroadcast(c *sync.Cond, s *Site)                      { c.Broadcast() }
func OnceDo(o *sync.Once, f func(), s *Site)                   { o.Do(f) }
func Sleep(d time.Duration, s *Site)                           { time.Sleep(d) }
func Now(s *Site) time.Time                                    { return time.Now() }
func NowFunc() time.Time                                       { return time.Now() }
func Since(t time.Time, s *Site) time.Duration                 { return time.Since(t) }
func Until(t time.Time, s *Site) time.Duration                 { return time.Until(t) }
func After(d time.Duration, s *Site) <-chan time.Time          { return time.After(d) }
func Tick(d time.Duration, s *Site) <-chan time.Time           { return time.Tick(d) }
func NewTimer(d time.Duration, s *Site) *time.Timer            { return time.NewTimer(d) }
func NewTicker(d time.Duration, s *Site) *time.Ticker          { return time.NewTicker(d) }
func AfterFunc(d time.Duration, f func(), s *Site) *time.Timer { return time.AfterFunc(d, f) }
func TimerStop(t *time.Timer, s *Site) bool                    { return t.Stop() }
func TimerReset(t *time.Timer, d time.Duration, s *Site) bool  { return t.Reset(d) }
func TickerStop(t *time.Ticker, s *Site)                       { t.Stop() }
func TickerReset(t *time.Ticker, d time.Duration, s *Site)     { t.Reset(d) }

func WithCancel(p context.Context, s *Site) (context.Context, context.CancelFunc) {
	return context.WithCancel(p)
}
func WithCancelCause(p context.Context, s *Site) (context.Context, context.CancelCauseFunc) {
	return context.WithCancelCause(p)
}
func WithTimeout(p context.Context, d time.Duration, s *Site) (context.Context, context.CancelFunc) {
	return context.WithTimeout(p, d)
}
func WithTimeoutCause(p context.Context, d time.Duration, cause error, s *Site) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause(p, d, cause)
}
func WithDeadline(p context.Context, d time.Time, s *Site) (context.Context, context.CancelFunc) {
	return context.WithDeadline(p, d)
}
func WithDeadlineCause(p context.Context, d time.Time, cause error, s *Site) (context.Context, context.CancelFunc) {
	return context.WithDeadlineCause(p, d, cause)
}
func ContextAfterFunc(ctx context.Context, f func(), s *Site) func() bool {
	return context.AfterFunc(ctx, f)
}
func Cause(ctx context.Context, s *Site) error                        { return context.Cause(ctx) }
func Gosched(s *Site)                                                 { runtime.Gosched() }
func TestStart(t *testing.T) func()                                   { return func() {} }
func Parallel(t *testing.T, s *Site)                                  { t.Parallel() }
func Run(t *testing.T, name string, f func(*testing.T), s *Site) bool { return t.Run(name, f) }

type SelectCase struct {
	c    reflect.SelectCase
	recv func(v reflect.Value, ok bool)
}

func SendCase[T any](ch chan<- T, v T) SelectCase {
	return SelectCase{c: reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(ch), Send: reflect.ValueOf(&v).Elem()}}
}

func RecvCase[T any](ch <-chan T, v *T, ok *bool) SelectCase {
	return SelectCase{c: reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)},
		recv: func(x reflect.Value, o bool) {
			if v != nil {
				reflect.ValueOf(v).Elem().Set(x)
			}
			if ok != nil {
				*ok = o
			}
		}}
}

func Select(s *Site, hasDefault bool, cases ...SelectCase) int {
	rc := make([]reflect.SelectCase, 0, len(cases)+1)
	for _, c := range cases {
		rc = append(rc, c.c)
	}
	if hasDefault {
		rc = append(rc, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	i, v, ok := reflect.Select(rc)
	if i == len(cases) {
		return -1
	}
	if cases[i].recv != nil {
		if !ok {
			v = reflect.Zero(cases[i].c.Chan.Type().Elem())
		}
		cases[i].recv(v, ok)
	}
	return i
}
