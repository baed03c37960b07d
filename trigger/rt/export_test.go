package rt

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Exported for the tests of package rt_test.
type (
	Config  = config
	Targets = targets
	Result  = result
	Finding = finding
	StepRec = wire.Step
	// Strategy names a strategy in a Config.
	Strategy = wire.Strategy
)

// The tests read goroutine IDs as a controlled run does (sched.go).
func init() {
	goidOffset = findGoidOffset()
	gLayoutOf()
}

// GoidCheck reports the running goroutine's ID as curGoid reads it and
// as its stack dump says, and whether the fast read is in use.
func GoidCheck() (fast, dump uint64, inUse bool) { return curGoid(), stackGoid(), goidOffset >= 0 }

// RunScenario runs body as the test goroutine of an in-process run under
// cfg, with goroutines leaked by body run after it returns, as TestStart
// does. A deadlock ends the run (its goroutines stay parked forever: they
// leak, which is harmless in a test process) instead of exiting. timeout
// guards against a hang, never measures: it is at least scenarioGuard.
func RunScenario(cfg Config, timeout time.Duration, body func()) (*Result, error) {
	return RunScenarioInit(cfg, timeout, func() {}, body)
}

// RunScenarioInit is RunScenario with init run between the scheduler's
// making and the test's start, as a test package's initialization runs in
// a test binary.
func RunScenarioInit(cfg Config, timeout time.Duration, init, body func()) (*Result, error) {
	sc, err := newSched(cfg)
	if err != nil {
		return nil, err
	}
	lastScenario.Store(sc)
	scenarioFailed.Store(false)
	init()
	done := make(chan *result, 1)
	sc.onDeadlock = func(r *result) { done <- r }
	sc.install()
	defer current.CompareAndSwap(sc, nil)
	go func() {
		x := sc.startTest("scenario", scenarioFailed.Load, nil)
		body()
		x.endTest(false, scenarioFailed.Load())
		sc.mu.Lock()
		r := sc.resultLocked(nil)
		sc.mu.Unlock()
		done <- r
	}()
	select {
	case r := <-done:
		if r.Deadlock == nil {
			close(sc.dog.stop)
		}
		return r, nil
	case <-time.After(max(timeout, scenarioGuard)):
		return nil, errors.New("scenario timed out")
	}
}

// scenarioGuard is the least time a scenario gets before it counts as hung:
// a loaded 2-core machine may take many times a scenario's usual second.
const scenarioGuard = 2 * time.Minute

// Active reports whether a scheduler is installed.
func Active() bool { return active() != nil }

// StackGoid exposes the slow goroutine ID for the identity test.
func StackGoid() uint64 { return stackGoid() }

// Getg exposes the goroutine identity used by the fast path.
func Getg() uintptr { return getg() }

const FastGoid = fastGoid

// SetCoroutines switches the coroutine handover (handover.go) on or off;
// it returns the previous setting. Off, every handover uses the wake
// channels.
func SetCoroutines(on bool) bool {
	old := useCoro
	useCoro = on && coroOK
	return old
}

// Coroutines reports whether this build can hand over through coroutines.
const Coroutines = coroOK

// CoroRoundTrips switches n times into a coroutine of handover.go and
// back (2n switches), then ends it.
func CoroRoundTrips(n int) {
	stop := false
	c := newcoro(func(c *coro) {
		for !stop {
			coroswitch(c)
		}
	})
	for i := 0; i < n; i++ {
		coroswitch(c)
	}
	stop = true
	coroswitch(c) // it returns, which resumes us
}

// CheckConfig validates a configuration as a run's start does.
func CheckConfig(c Config) error { return check(&c) }

// GoOutside marks the calling managed goroutine outside instrumented code,
// as the watchdog does to one blocked in a network read: the others go on,
// and it rejoins at its next call.
func GoOutside() {
	x := enter()
	if x == nil {
		return
	}
	sc := x.sc
	sc.mu.Lock()
	sc.release(x, 0, "test")
	sc.mu.Unlock()
}

// EndPolls counts the polls for what may come from outside at the end of
// the last scenario run that napped.
func EndPolls() int {
	sc := lastScenario.Load()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.life.endPolls
}

// SetSole switches the decisions among one enabled goroutine taken
// without the full evaluation (chooseSole) on or off; it returns the
// setting before.
func SetSole(on bool) bool {
	old := soleOn
	soleOn = on
	return old
}

// SoleDecisions is how many decisions of the last scenario chooseSole took.
func SoleDecisions() int {
	sc := lastScenario.Load()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.soles
}

// ExploreChoices is the explorer's count of decisions with an
// alternative in the last scenario (0 without the explorer).
func ExploreChoices() int {
	sc := lastScenario.Load()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.expl == nil {
		return 0
	}
	return sc.expl.choices
}

// lastScenario is the scheduler of the last RunScenario.
var lastScenario atomic.Pointer[sched]

// scenarioFailed is a scenario's t.Failed: FailScenario marks it failed
// (a scenario's t.Error), until the next scenario starts.
var scenarioFailed atomic.Bool

func FailScenario() { scenarioFailed.Store(true) }

// CheckCutSums makes every cut of an exploring run check its sum of the
// goroutines' parts against one over every goroutine the run made.
func CheckCutSums(on bool) { checkCutSums = on }

// SetEndClocks replaces the process CPU time and the wall time the
// test's end counts in; the returned func restores them.
func SetEndClocks(cpu func() time.Duration, wall func() time.Time) (restore func()) {
	oldCPU, oldWall := cpuTime, wallNow
	cpuTime, wallNow = cpu, wall
	return func() { cpuTime, wallNow = oldCPU, oldWall }
}

// SettlesGaveUp is how many times the last scenario's clock waited the
// whole limit for ended goroutines to go (clock.go, settle).
func SettlesGaveUp() int {
	sc := lastScenario.Load()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.clock.gaveUp
}
