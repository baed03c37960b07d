package rt

import (
	"context"
	mrand "math/rand"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// Method values, method expressions and function values of the operations
// the instrumenter rewrites (CONTRACT.md §3, "Values"). Used other than in
// a call, mu.Lock becomes LockValue(&mu, s): the receiver is evaluated
// where the method value is, as Go evaluates it, and the function returned
// does the instrumented operation, at the method value's site, each time
// it is called. The method expression (*sync.Mutex).Lock becomes
// LockExpr[(*sync.Mutex)](s), its type argument the receiver type as the
// code spells it (which keeps that package's import used); time.Sleep
// used as a value becomes SleepValue(s). A nil Locker's method value
// panics where it is evaluated, as in Go.

// For each method X(x, args..., s) of the sync primitives, *testing.T and
// the timers: XValue(x, s) is the method value bound to x, XExpr[R](s)
// the method expression.

func LockValue(m *sync.Mutex, s *Site) func() {
	return func() { Lock(m, s) }
}

func LockExpr[R interface{ *sync.Mutex }](s *Site) func(R) {
	return func(m R) { Lock(m, s) }
}

func UnlockValue(m *sync.Mutex, s *Site) func() {
	return func() { Unlock(m, s) }
}

func UnlockExpr[R interface{ *sync.Mutex }](s *Site) func(R) {
	return func(m R) { Unlock(m, s) }
}

func TryLockValue(m *sync.Mutex, s *Site) func() bool {
	return func() bool { return TryLock(m, s) }
}

func TryLockExpr[R interface{ *sync.Mutex }](s *Site) func(R) bool {
	return func(m R) bool { return TryLock(m, s) }
}

func RWLockValue(m *sync.RWMutex, s *Site) func() {
	return func() { RWLock(m, s) }
}

func RWLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RWLock(m, s) }
}

func RWUnlockValue(m *sync.RWMutex, s *Site) func() {
	return func() { RWUnlock(m, s) }
}

func RWUnlockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RWUnlock(m, s) }
}

func RWTryLockValue(m *sync.RWMutex, s *Site) func() bool {
	return func() bool { return RWTryLock(m, s) }
}

func RWTryLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) bool {
	return func(m R) bool { return RWTryLock(m, s) }
}

func RLockValue(m *sync.RWMutex, s *Site) func() {
	return func() { RLock(m, s) }
}

func RLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RLock(m, s) }
}

func RUnlockValue(m *sync.RWMutex, s *Site) func() {
	return func() { RUnlock(m, s) }
}

func RUnlockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) {
	return func(m R) { RUnlock(m, s) }
}

func TryRLockValue(m *sync.RWMutex, s *Site) func() bool {
	return func() bool { return TryRLock(m, s) }
}

func TryRLockExpr[R interface{ *sync.RWMutex }](s *Site) func(R) bool {
	return func(m R) bool { return TryRLock(m, s) }
}

func RLockerValue(m *sync.RWMutex, s *Site) func() sync.Locker {
	return func() sync.Locker { return RLocker(m, s) }
}

func RLockerExpr[R interface{ *sync.RWMutex }](s *Site) func(R) sync.Locker {
	return func(m R) sync.Locker { return RLocker(m, s) }
}

func LockerLockValue(l sync.Locker, s *Site) func() {
	_ = l.Lock // a nil Locker panics here, as its method value does
	return func() { LockerLock(l, s) }
}

func LockerLockExpr[R sync.Locker](s *Site) func(R) {
	return func(l R) { LockerLock(l, s) }
}

func LockerUnlockValue(l sync.Locker, s *Site) func() {
	_ = l.Unlock // a nil Locker panics here, as its method value does
	return func() { LockerUnlock(l, s) }
}

func LockerUnlockExpr[R sync.Locker](s *Site) func(R) {
	return func(l R) { LockerUnlock(l, s) }
}

func WGAddValue(wg *sync.WaitGroup, s *Site) func(int) {
	return func(delta int) { WGAdd(wg, delta, s) }
}

func WGAddExpr[R interface{ *sync.WaitGroup }](s *Site) func(R, int) {
	return func(wg R, delta int) { WGAdd(wg, delta, s) }
}

func WGDoneValue(wg *sync.WaitGroup, s *Site) func() {
	return func() { WGDone(wg, s) }
}

func WGDoneExpr[R interface{ *sync.WaitGroup }](s *Site) func(R) {
	return func(wg R) { WGDone(wg, s) }
}

func WGWaitValue(wg *sync.WaitGroup, s *Site) func() {
	return func() { WGWait(wg, s) }
}

func WGWaitExpr[R interface{ *sync.WaitGroup }](s *Site) func(R) {
	return func(wg R) { WGWait(wg, s) }
}

func WGGoValue(wg *sync.WaitGroup, s *Site) func(func()) {
	return func(f func()) { WGGo(wg, f, s) }
}

func WGGoExpr[R interface{ *sync.WaitGroup }](s *Site) func(R, func()) {
	return func(wg R, f func()) { WGGo(wg, f, s) }
}

func CondWaitValue(c *sync.Cond, s *Site) func() {
	return func() { CondWait(c, s) }
}

func CondWaitExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondWait(c, s) }
}

func CondSignalValue(c *sync.Cond, s *Site) func() {
	return func() { CondSignal(c, s) }
}

func CondSignalExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondSignal(c, s) }
}

func CondBroadcastValue(c *sync.Cond, s *Site) func() {
	return func() { CondBroadcast(c, s) }
}

func CondBroadcastExpr[R interface{ *sync.Cond }](s *Site) func(R) {
	return func(c R) { CondBroadcast(c, s) }
}

func OnceDoValue(o *sync.Once, s *Site) func(func()) {
	return func(f func()) { OnceDo(o, f, s) }
}

func OnceDoExpr[R interface{ *sync.Once }](s *Site) func(R, func()) {
	return func(o R, f func()) { OnceDo(o, f, s) }
}

func RunValue(t *testing.T, s *Site) func(string, func(*testing.T)) bool {
	return func(name string, f func(*testing.T)) bool { return Run(t, name, f, s) }
}

func RunExpr[R interface{ *testing.T }](s *Site) func(R, string, func(*testing.T)) bool {
	return func(t R, name string, f func(*testing.T)) bool { return Run(t, name, f, s) }
}

func ParallelValue(t *testing.T, s *Site) func() {
	return func() { Parallel(t, s) }
}

func ParallelExpr[R interface{ *testing.T }](s *Site) func(R) {
	return func(t R) { Parallel(t, s) }
}

func TimerStopValue(tm *time.Timer, s *Site) func() bool {
	return func() bool { return TimerStop(tm, s) }
}

func TimerStopExpr[R interface{ *time.Timer }](s *Site) func(R) bool {
	return func(tm R) bool { return TimerStop(tm, s) }
}

func TimerResetValue(tm *time.Timer, s *Site) func(time.Duration) bool {
	return func(d time.Duration) bool { return TimerReset(tm, d, s) }
}

func TimerResetExpr[R interface{ *time.Timer }](s *Site) func(R, time.Duration) bool {
	return func(tm R, d time.Duration) bool { return TimerReset(tm, d, s) }
}

func TickerStopValue(tk *time.Ticker, s *Site) func() {
	return func() { TickerStop(tk, s) }
}

func TickerStopExpr[R interface{ *time.Ticker }](s *Site) func(R) {
	return func(tk R) { TickerStop(tk, s) }
}

func TickerResetValue(tk *time.Ticker, s *Site) func(time.Duration) {
	return func(d time.Duration) { TickerReset(tk, d, s) }
}

func TickerResetExpr[R interface{ *time.Ticker }](s *Site) func(R, time.Duration) {
	return func(tk R, d time.Duration) { TickerReset(tk, d, s) }
}

// The methods of a generator (rand.go): drawn if RandNewDrawn made it.

func RandRIntnValue(r *mrand.Rand, s *Site) func(int) int {
	return func(n int) int { return RandRIntn(r, n, s) }
}

func RandRIntnExpr[R interface{ *mrand.Rand }](s *Site) func(R, int) int {
	return func(r R, n int) int { return RandRIntn(r, n, s) }
}

func RandRInt31nValue(r *mrand.Rand, s *Site) func(int32) int32 {
	return func(n int32) int32 { return RandRInt31n(r, n, s) }
}

func RandRInt31nExpr[R interface{ *mrand.Rand }](s *Site) func(R, int32) int32 {
	return func(r R, n int32) int32 { return RandRInt31n(r, n, s) }
}

func RandRInt63nValue(r *mrand.Rand, s *Site) func(int64) int64 {
	return func(n int64) int64 { return RandRInt63n(r, n, s) }
}

func RandRInt63nExpr[R interface{ *mrand.Rand }](s *Site) func(R, int64) int64 {
	return func(r R, n int64) int64 { return RandRInt63n(r, n, s) }
}

func RandRPermValue(r *mrand.Rand, s *Site) func(int) []int {
	return func(n int) []int { return RandRPerm(r, n, s) }
}

func RandRPermExpr[R interface{ *mrand.Rand }](s *Site) func(R, int) []int {
	return func(r R, n int) []int { return RandRPerm(r, n, s) }
}

func RandRShuffleValue(r *mrand.Rand, s *Site) func(int, func(i, j int)) {
	return func(n int, swap func(i, j int)) { RandRShuffle(r, n, swap, s) }
}

func RandRShuffleExpr[R interface{ *mrand.Rand }](s *Site) func(R, int, func(i, j int)) {
	return func(r R, n int, swap func(i, j int)) { RandRShuffle(r, n, swap, s) }
}

func RandV2RIntNValue(r *rand.Rand, s *Site) func(int) int {
	return func(n int) int { return RandV2RIntN(r, n, s) }
}

func RandV2RIntNExpr[R interface{ *rand.Rand }](s *Site) func(R, int) int {
	return func(r R, n int) int { return RandV2RIntN(r, n, s) }
}

func RandV2RInt32NValue(r *rand.Rand, s *Site) func(int32) int32 {
	return func(n int32) int32 { return RandV2RInt32N(r, n, s) }
}

func RandV2RInt32NExpr[R interface{ *rand.Rand }](s *Site) func(R, int32) int32 {
	return func(r R, n int32) int32 { return RandV2RInt32N(r, n, s) }
}

func RandV2RInt64NValue(r *rand.Rand, s *Site) func(int64) int64 {
	return func(n int64) int64 { return RandV2RInt64N(r, n, s) }
}

func RandV2RInt64NExpr[R interface{ *rand.Rand }](s *Site) func(R, int64) int64 {
	return func(r R, n int64) int64 { return RandV2RInt64N(r, n, s) }
}

func RandV2RUintNValue(r *rand.Rand, s *Site) func(uint) uint {
	return func(n uint) uint { return RandV2RUintN(r, n, s) }
}

func RandV2RUintNExpr[R interface{ *rand.Rand }](s *Site) func(R, uint) uint {
	return func(r R, n uint) uint { return RandV2RUintN(r, n, s) }
}

func RandV2RUint32NValue(r *rand.Rand, s *Site) func(uint32) uint32 {
	return func(n uint32) uint32 { return RandV2RUint32N(r, n, s) }
}

func RandV2RUint32NExpr[R interface{ *rand.Rand }](s *Site) func(R, uint32) uint32 {
	return func(r R, n uint32) uint32 { return RandV2RUint32N(r, n, s) }
}

func RandV2RUint64NValue(r *rand.Rand, s *Site) func(uint64) uint64 {
	return func(n uint64) uint64 { return RandV2RUint64N(r, n, s) }
}

func RandV2RUint64NExpr[R interface{ *rand.Rand }](s *Site) func(R, uint64) uint64 {
	return func(r R, n uint64) uint64 { return RandV2RUint64N(r, n, s) }
}

func RandV2RPermValue(r *rand.Rand, s *Site) func(int) []int {
	return func(n int) []int { return RandV2RPerm(r, n, s) }
}

func RandV2RPermExpr[R interface{ *rand.Rand }](s *Site) func(R, int) []int {
	return func(r R, n int) []int { return RandV2RPerm(r, n, s) }
}

func RandV2RShuffleValue(r *rand.Rand, s *Site) func(int, func(i, j int)) {
	return func(n int, swap func(i, j int)) { RandV2RShuffle(r, n, swap, s) }
}

func RandV2RShuffleExpr[R interface{ *rand.Rand }](s *Site) func(R, int, func(i, j int)) {
	return func(r R, n int, swap func(i, j int)) { RandV2RShuffle(r, n, swap, s) }
}

// For each package function X(args..., s) of time, runtime and context:
// XValue(s) is the function used as a value. time.Now used as a value is
// NowFunc (clock.go).

func SleepValue(s *Site) func(time.Duration) {
	return func(d time.Duration) { Sleep(d, s) }
}

// StackValue is runtime.Stack as a value.
func StackValue(s *Site) func([]byte, bool) int {
	return func(buf []byte, all bool) int { return Stack(buf, all, s) }
}

func GoschedValue(s *Site) func() {
	return func() { Gosched(s) }
}

func SinceValue(s *Site) func(time.Time) time.Duration {
	return func(t time.Time) time.Duration { return Since(t, s) }
}

func UntilValue(s *Site) func(time.Time) time.Duration {
	return func(t time.Time) time.Duration { return Until(t, s) }
}

func AfterValue(s *Site) func(time.Duration) <-chan time.Time {
	return func(d time.Duration) <-chan time.Time { return After(d, s) }
}

func TickValue(s *Site) func(time.Duration) <-chan time.Time {
	return func(d time.Duration) <-chan time.Time { return Tick(d, s) }
}

func NewTimerValue(s *Site) func(time.Duration) *time.Timer {
	return func(d time.Duration) *time.Timer { return NewTimer(d, s) }
}

func NewTickerValue(s *Site) func(time.Duration) *time.Ticker {
	return func(d time.Duration) *time.Ticker { return NewTicker(d, s) }
}

func AfterFuncValue(s *Site) func(time.Duration, func()) *time.Timer {
	return func(d time.Duration, f func()) *time.Timer { return AfterFunc(d, f, s) }
}

func WithCancelValue(s *Site) func(context.Context) (context.Context, context.CancelFunc) {
	return func(p context.Context) (context.Context, context.CancelFunc) { return WithCancel(p, s) }
}

func WithCancelCauseValue(s *Site) func(context.Context) (context.Context, context.CancelCauseFunc) {
	return func(p context.Context) (context.Context, context.CancelCauseFunc) { return WithCancelCause(p, s) }
}

func WithTimeoutValue(s *Site) func(context.Context, time.Duration) (context.Context, context.CancelFunc) {
	return func(p context.Context, d time.Duration) (context.Context, context.CancelFunc) {
		return WithTimeout(p, d, s)
	}
}

func WithTimeoutCauseValue(s *Site) func(context.Context, time.Duration, error) (context.Context, context.CancelFunc) {
	return func(p context.Context, d time.Duration, cause error) (context.Context, context.CancelFunc) {
		return WithTimeoutCause(p, d, cause, s)
	}
}

func WithDeadlineValue(s *Site) func(context.Context, time.Time) (context.Context, context.CancelFunc) {
	return func(p context.Context, d time.Time) (context.Context, context.CancelFunc) {
		return WithDeadline(p, d, s)
	}
}

func WithDeadlineCauseValue(s *Site) func(context.Context, time.Time, error) (context.Context, context.CancelFunc) {
	return func(p context.Context, d time.Time, cause error) (context.Context, context.CancelFunc) {
		return WithDeadlineCause(p, d, cause, s)
	}
}

func ContextAfterFuncValue(s *Site) func(context.Context, func()) func() bool {
	return func(ctx context.Context, f func()) func() bool { return ContextAfterFunc(ctx, f, s) }
}

func CauseValue(s *Site) func(context.Context) error {
	return func(ctx context.Context) error { return Cause(ctx, s) }
}

// The random draws of math/rand and math/rand/v2 (rand.go) used as values.
// The generic rand.N is left alone.

func RandIntValue(s *Site) func() int {
	return func() int { return RandInt(s) }
}

func RandInt31Value(s *Site) func() int32 {
	return func() int32 { return RandInt31(s) }
}

func RandInt63Value(s *Site) func() int64 {
	return func() int64 { return RandInt63(s) }
}

func RandUint32Value(s *Site) func() uint32 {
	return func() uint32 { return RandUint32(s) }
}

func RandUint64Value(s *Site) func() uint64 {
	return func() uint64 { return RandUint64(s) }
}

func RandFloat64Value(s *Site) func() float64 {
	return func() float64 { return RandFloat64(s) }
}

func RandFloat32Value(s *Site) func() float32 {
	return func() float32 { return RandFloat32(s) }
}

func RandExpFloat64Value(s *Site) func() float64 {
	return func() float64 { return RandExpFloat64(s) }
}

func RandNormFloat64Value(s *Site) func() float64 {
	return func() float64 { return RandNormFloat64(s) }
}

func RandIntnValue(s *Site) func(int) int {
	return func(n int) int { return RandIntn(n, s) }
}

func RandInt31nValue(s *Site) func(int32) int32 {
	return func(n int32) int32 { return RandInt31n(n, s) }
}

func RandInt63nValue(s *Site) func(int64) int64 {
	return func(n int64) int64 { return RandInt63n(n, s) }
}

func RandPermValue(s *Site) func(int) []int {
	return func(n int) []int { return RandPerm(n, s) }
}

func RandShuffleValue(s *Site) func(int, func(i, j int)) {
	return func(n int, swap func(i, j int)) { RandShuffle(n, swap, s) }
}

func RandV2IntValue(s *Site) func() int {
	return func() int { return RandV2Int(s) }
}

func RandV2Int32Value(s *Site) func() int32 {
	return func() int32 { return RandV2Int32(s) }
}

func RandV2Int64Value(s *Site) func() int64 {
	return func() int64 { return RandV2Int64(s) }
}

func RandV2UintValue(s *Site) func() uint {
	return func() uint { return RandV2Uint(s) }
}

func RandV2Uint32Value(s *Site) func() uint32 {
	return func() uint32 { return RandV2Uint32(s) }
}

func RandV2Uint64Value(s *Site) func() uint64 {
	return func() uint64 { return RandV2Uint64(s) }
}

func RandV2Float64Value(s *Site) func() float64 {
	return func() float64 { return RandV2Float64(s) }
}

func RandV2Float32Value(s *Site) func() float32 {
	return func() float32 { return RandV2Float32(s) }
}

func RandV2ExpFloat64Value(s *Site) func() float64 {
	return func() float64 { return RandV2ExpFloat64(s) }
}

func RandV2NormFloat64Value(s *Site) func() float64 {
	return func() float64 { return RandV2NormFloat64(s) }
}

func RandV2IntNValue(s *Site) func(int) int {
	return func(n int) int { return RandV2IntN(n, s) }
}

func RandV2Int32NValue(s *Site) func(int32) int32 {
	return func(n int32) int32 { return RandV2Int32N(n, s) }
}

func RandV2Int64NValue(s *Site) func(int64) int64 {
	return func(n int64) int64 { return RandV2Int64N(n, s) }
}

func RandV2UintNValue(s *Site) func(uint) uint {
	return func(n uint) uint { return RandV2UintN(n, s) }
}

func RandV2Uint32NValue(s *Site) func(uint32) uint32 {
	return func(n uint32) uint32 { return RandV2Uint32N(n, s) }
}

func RandV2Uint64NValue(s *Site) func(uint64) uint64 {
	return func(n uint64) uint64 { return RandV2Uint64N(n, s) }
}

func RandV2PermValue(s *Site) func(int) []int {
	return func(n int) []int { return RandV2Perm(n, s) }
}

func RandV2ShuffleValue(s *Site) func(int, func(i, j int)) {
	return func(n int, swap func(i, j int)) { RandV2Shuffle(n, swap, s) }
}
