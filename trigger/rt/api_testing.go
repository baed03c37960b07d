package rt

import (
	"runtime/debug"
	"testing"
)

// TestStart registers the test's goroutine with the scheduler; the function
// it returns, deferred, keeps goroutines leaked by the test running until
// they finish or block, detects deadlocks among them and writes the result.
func TestStart(t *testing.T) func() {
	sc := active()
	if sc == nil {
		return func() {}
	}
	if sc.plain {
		return func() { sc.writePlainResult(t.Name()) }
	}
	g := sc.startTest(t.Name(), callerSite(1))
	panicked := false
	t.Cleanup(func() { g.endTest(panicked) }) // registered first: runs after the test's own cleanups
	return func() {
		if r := recover(); r != nil {
			panicked = true
			sc.reportPanic(g, r, debug.Stack())
			panic(r)
		}
		if sc.hasPaused(g) { // testing now waits for them: do not hold the token
			g.goOutside(whyWaitSubtests)
		}
	}
}

// Run is t.Run: the subtest's goroutine is managed.
func Run(t *testing.T, name string, f func(*testing.T), s *Site) bool {
	g := enter()
	if g == nil {
		return t.Run(name, f)
	}
	return g.run(t, name, f, s)
}

// Parallel is t.Parallel: the test pauses outside the scheduler until its
// parent's sequential part is done.
func Parallel(t *testing.T, s *Site) {
	g := enter()
	if g == nil {
		t.Parallel()
		return
	}
	g.parallel(t, s)
}
