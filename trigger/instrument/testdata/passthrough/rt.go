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
	Obj       string
}

func RegisterSites(t []Site) {}

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
func MadeChan[C ~chan T, T any](c C) C                         { return c }
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
func Stack(buf []byte, all bool, s *Site) int                         { return runtime.Stack(buf, all) }
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

// Method values (XValue), method expressions (XExpr) and function values
// of CONTRACT.md section 3, "Values": the real ones.
func LockValue(m *sync.Mutex, s *Site) func() { return m.Lock }
func LockExpr[R interface{ *sync.Mutex }](s *Site) func(R) {
	return func(m R) { Lock(m, s) }
}

func UnlockValue(m *sync.Mutex, s *Site) func() { return m.Unlock }
func UnlockExpr[R interface{ *sync.Mutex }](s *Site) func(R) {
	return func(m R) { Unlock(m, s) }
}

func TryLockValue(m *sync.Mutex, s *Site) func() bool { return m.TryLock }
func TryLockExpr[R interface{ *sync.Mutex }](s *Site) func(R) bool {
	return func(m R) bool { return TryLock(m, s) }
}

func RWLockValue(m *sync.RWMutex, s *Site) func() { return m.Lock }
func RWLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RWLock(m, s) }
}

func RWUnlockValue(m *sync.RWMutex, s *Site) func() { return m.Unlock }
func RWUnlockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RWUnlock(m, s) }
}

func RWTryLockValue(m *sync.RWMutex, s *Site) func() bool { return m.TryLock }
func RWTryLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) bool {
	return func(m R) bool { return RWTryLock(m, s) }
}

func RLockValue(m *sync.RWMutex, s *Site) func() { return m.RLock }
func RLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RLock(m, s) }
}

func RUnlockValue(m *sync.RWMutex, s *Site) func() { return m.RUnlock }
func RUnlockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RUnlock(m, s) }
}

func TryRLockValue(m *sync.RWMutex, s *Site) func() bool { return m.TryRLock }
func TryRLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) bool {
	return func(m R) bool { return TryRLock(m, s) }
}

func RLockerValue(m *sync.RWMutex, s *Site) func() sync.Locker { return m.RLocker }
func RLockerExpr[R interface{ *sync.RWMutex }](s *Site) func(R) sync.Locker {
	return func(m R) sync.Locker { return RLocker(m, s) }
}

func LockerLockValue(l sync.Locker, s *Site) func() { return l.Lock }
func LockerLockExpr[R sync.Locker](s *Site) func(R) {
	return func(l R) { LockerLock(l, s) }
}

func LockerUnlockValue(l sync.Locker, s *Site) func() { return l.Unlock }
func LockerUnlockExpr[R sync.Locker](s *Site) func(R) {
	return func(l R) { LockerUnlock(l, s) }
}

func WGAddValue(wg *sync.WaitGroup, s *Site) func(int) { return wg.Add }
func WGAddExpr[R interface{ *sync.WaitGroup }](s *Site) func(R, int) {
	return func(wg R, delta int) { WGAdd(wg, delta, s) }
}

func WGDoneValue(wg *sync.WaitGroup, s *Site) func() { return wg.Done }
func WGDoneExpr[R interface{ *sync.WaitGroup }](s *Site) func(R) {
	return func(wg R) { WGDone(wg, s) }
}

func WGWaitValue(wg *sync.WaitGroup, s *Site) func() { return wg.Wait }
func WGWaitExpr[R interface{ *sync.WaitGroup }](s *Site) func(R) {
	return func(wg R) { WGWait(wg, s) }
}

func WGGoValue(wg *sync.WaitGroup, s *Site) func(func()) { return wg.Go }
func WGGoExpr[R interface{ *sync.WaitGroup }](s *Site) func(R, func()) {
	return func(wg R, f func()) { WGGo(wg, f, s) }
}

func CondWaitValue(c *sync.Cond, s *Site) func() { return c.Wait }
func CondWaitExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondWait(c, s) }
}

func CondSignalValue(c *sync.Cond, s *Site) func() { return c.Signal }
func CondSignalExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondSignal(c, s) }
}

func CondBroadcastValue(c *sync.Cond, s *Site) func() { return c.Broadcast }
func CondBroadcastExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondBroadcast(c, s) }
}

func OnceDoValue(o *sync.Once, s *Site) func(func()) { return o.Do }
func OnceDoExpr[R interface{ *sync.Once }](s *Site) func(R, func()) {
	return func(o R, f func()) { OnceDo(o, f, s) }
}

func RunValue(t *testing.T, s *Site) func(string, func(*testing.T)) bool { return t.Run }
func RunExpr[R interface{ *testing.T }](s *Site) func(R, string, func(*testing.T)) bool {
	return func(t R, name string, f func(*testing.T)) bool { return Run(t, name, f, s) }
}

func ParallelValue(t *testing.T, s *Site) func() { return t.Parallel }
func ParallelExpr[R interface{ *testing.T }](s *Site) func(R) {
	return func(t R) { Parallel(t, s) }
}

func TimerStopValue(tm *time.Timer, s *Site) func() bool { return tm.Stop }
func TimerStopExpr[R interface{ *time.Timer }](s *Site) func(R) bool {
	return func(tm R) bool { return TimerStop(tm, s) }
}

func TimerResetValue(tm *time.Timer, s *Site) func(time.Duration) bool { return tm.Reset }
func TimerResetExpr[R interface{ *time.Timer }](s *Site) func(R, time.Duration) bool {
	return func(tm R, d time.Duration) bool { return TimerReset(tm, d, s) }
}

func TickerStopValue(tk *time.Ticker, s *Site) func() { return tk.Stop }
func TickerStopExpr[R interface{ *time.Ticker }](s *Site) func(R) {
	return func(tk R) { TickerStop(tk, s) }
}

func TickerResetValue(tk *time.Ticker, s *Site) func(time.Duration) { return tk.Reset }
func TickerResetExpr[R interface{ *time.Ticker }](s *Site) func(R, time.Duration) {
	return func(tk R, d time.Duration) { TickerReset(tk, d, s) }
}

func SleepValue(s *Site) func(time.Duration)                         { return time.Sleep }
func GoschedValue(s *Site) func()                                    { return runtime.Gosched }
func StackValue(s *Site) func([]byte, bool) int                      { return runtime.Stack }
func SinceValue(s *Site) func(time.Time) time.Duration               { return time.Since }
func UntilValue(s *Site) func(time.Time) time.Duration               { return time.Until }
func AfterValue(s *Site) func(time.Duration) <-chan time.Time        { return time.After }
func TickValue(s *Site) func(time.Duration) <-chan time.Time         { return time.Tick }
func NewTimerValue(s *Site) func(time.Duration) *time.Timer          { return time.NewTimer }
func NewTickerValue(s *Site) func(time.Duration) *time.Ticker        { return time.NewTicker }
func AfterFuncValue(s *Site) func(time.Duration, func()) *time.Timer { return time.AfterFunc }
func WithCancelValue(s *Site) func(context.Context) (context.Context, context.CancelFunc) {
	return context.WithCancel
}
func WithCancelCauseValue(s *Site) func(context.Context) (context.Context, context.CancelCauseFunc) {
	return context.WithCancelCause
}
func WithTimeoutValue(s *Site) func(context.Context, time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout
}
func WithTimeoutCauseValue(s *Site) func(context.Context, time.Duration, error) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause
}
func WithDeadlineValue(s *Site) func(context.Context, time.Time) (context.Context, context.CancelFunc) {
	return context.WithDeadline
}
func WithDeadlineCauseValue(s *Site) func(context.Context, time.Time, error) (context.Context, context.CancelFunc) {
	return context.WithDeadlineCause
}
func ContextAfterFuncValue(s *Site) func(context.Context, func()) func() bool {
	return context.AfterFunc
}
func CauseValue(s *Site) func(context.Context) error { return context.Cause }
