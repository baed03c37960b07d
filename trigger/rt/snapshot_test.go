package rt_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// Scenarios that run until the time bound.
func init() {
	scenarios["spinforever"] = spinForever
	scenarios["slowloop"] = slowLoop
	scenarios["heldbyended"] = heldByEnded
	scenarios["plainwait"] = plainWait
	scenarios["lostunlock"] = lostUnlock
	scenarios["spinlockworkers"] = spinLockWorkers
}

// spinLockWorkers: workers that take turns on a spin lock of their own
// making (a CompareAndSwap loop that yields, as ants' pool has) and count
// a task done under it, for longer than the bound: every enabled
// goroutine has polled again and again, yet the WaitGroup moves all the
// time: progress, a slow test, not a spin.
func spinLockWorkers() {
	var wg sync.WaitGroup
	var held atomic.Bool
	rt.WGAdd(&wg, 1<<30, at("WGAdd", ""))
	for range 4 {
		rt.Go(at("Go", ""), func() {
			for {
				for !held.CompareAndSwap(false, true) {
					rt.Gosched(at("Gosched", ""))
				}
				rt.WGDone(&wg, at("WGDone", ""))
				held.Store(false)
			}
		})
	}
	rt.WGWait(&wg, at("WGWait", ""))
}

// lostUnlockHandler is a callback that returns holding the lock.
//
//go:noinline
func lostUnlockHandler(mu *sync.Mutex) { rt.Lock(mu, at("Lock", "p.mu")) }

// lostUnlock: a goroutine that lives on (it polls, forever) calls a
// callback that returns without Unlock; the test's goroutine then waits
// for the lock: a hang at the bound, whose snapshot names the callback.
func lostUnlock() {
	var mu sync.Mutex
	var took sync.WaitGroup
	rt.WGAdd(&took, 1, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() {
		lostUnlockHandler(&mu)
		rt.WGDone(&took, at("WGDone", ""))
		for {
			rt.Gosched(at("Gosched", ""))
		}
	})
	rt.WGWait(&took, at("WGWait", ""))
	rt.Lock(&mu, at("Lock", "p.mu"))
}

// spinForever: the test's goroutine polls, sleeping, for a flag nobody
// sets, while another goroutine polls a held lock with TryLock.
func spinForever() {
	var mu sync.Mutex
	var flag atomic.Bool
	rt.Lock(&mu, at("Lock", "p.mu"))
	rt.Go(at("Go", ""), func() {
		for !rt.TryLock(&mu, at("TryLock", "p.mu")) {
			rt.Gosched(at("Gosched", ""))
		}
	})
	for !flag.Load() {
		rt.Sleep(time.Millisecond, at("Sleep", ""))
	}
}

// slowLoop: two goroutines take turns on a mutex, forever: progress.
func slowLoop() {
	var mu sync.Mutex
	n := 0
	work := func() {
		for {
			rt.Lock(&mu, at("Lock", "p.mu"))
			n++
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
	}
	rt.Go(at("Go", ""), work)
	work()
}

// heldByEnded: a goroutine returns holding the lock; the test's goroutine
// then waits for it while a leaked goroutine spins (so the end of the test
// never sees everything blocked): only the bound can tell.
func heldByEnded() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.WGDone(&wg, at("WGDone", ""))
	})
	rt.WGWait(&wg, at("WGWait", ""))
	rt.Go(at("Go", ""), func() {
		for {
			rt.Gosched(at("Gosched", ""))
		}
	})
	rt.Lock(&mu, at("Lock", "p.mu"))
}

// plainWait: a WaitGroup nobody ends; in a plain run it hangs for real.
func plainWait() {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	rt.WGWait(&wg, at("WGWait", ""))
}

func boundConfig(strategy rt.Strategy) *rt.Config {
	return &rt.Config{Strategy: strategy, Seed: 1, WatchdogMS: 20, BoundMS: 1500}
}

func TestBoundSpinIsHang(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "spinforever", boundConfig("random"))
	if c.code != 4 || c.result == nil || c.result.Outcome != "hang" || c.result.Hang == nil {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	if h := c.result.Hang; h.Class != "spin" {
		t.Errorf("class %q (%s), want spin; goroutines %+v", h.Class, h.Reason, h.Goroutines)
	}
	if len(c.result.Hang.Goroutines) == 0 || len(c.result.Hang.Goroutines[0].Stack) == 0 {
		t.Errorf("snapshot without the test goroutine's stack: %+v", c.result.Hang.Goroutines)
	}
}

// A spin's long schedule is kept, encoded, up to hangCompactMax steps;
// a short one as a list.
func TestBoundSpinKeepsSchedule(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	cfg := boundConfig("random")
	cfg.BoundMS = 400 // a spin makes about two million steps a second
	c := runChild(t, "spinforever", cfg)
	if c.code != 4 || c.result == nil || c.result.Hang == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	r := c.result
	t.Logf("%d steps", r.Steps)
	switch {
	case r.Steps > 2_000_000:
		t.Skipf("%d steps: beyond what is kept", r.Steps)
	case r.Steps > 200_000:
		if r.ScheduleRLE == nil || r.ScheduleRLE.Steps != r.Steps || len(r.ScheduleRLE.Runs) > 1000 {
			t.Fatalf("%d steps, schedule %+v: want them run-length encoded", r.Steps, r.ScheduleRLE)
		}
		if !strings.Contains(string(c.raw), `"schedule_rle":{`) {
			t.Error("the result's schedule is not written compactly")
		}
	default:
		if len(r.Schedule) == 0 && r.ScheduleRLE == nil {
			t.Errorf("%d steps, no schedule kept", r.Steps)
		}
	}
}

func TestBoundProgressIsSlow(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "slowloop", boundConfig("random"))
	if c.code != 4 || c.result == nil || c.result.Hang == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	if h := c.result.Hang; h.Class != "slow" {
		t.Errorf("class %q (%s), want slow", h.Class, h.Reason)
	}
}

func TestBoundSpinLockProgressIsSlow(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "spinlockworkers", boundConfig("random"))
	if c.code != 4 || c.result == nil || c.result.Hang == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	if h := c.result.Hang; h.Class != "slow" {
		t.Errorf("class %q (%s), want slow", h.Class, h.Reason)
	}
}

func TestBoundLockHeldByEndedIsDeadlock(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "heldbyended", boundConfig("random"))
	if c.code != 3 || c.result == nil || c.result.Deadlock == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	f := c.result.Deadlock
	if f.Kind != "lock-never-released" || len(f.Locks) != 1 || f.Locks[0].Class != "p.mu" {
		t.Fatalf("finding %+v", f)
	}
	if !strings.Contains(f.Message, "ended holding it") || len(f.Locks[0].Sites) != 2 {
		t.Errorf("message %q, sites %v: want the acquisition and the waiter's sites", f.Message, f.Locks[0].Sites)
	}
}

// A lock taken by a callback that returned, on a goroutine that lives
// on: the hang's snapshot says so (not a deadlock: nothing proves the
// goroutine will never release it).
func TestBoundLostUnlockNamed(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "lostunlock", boundConfig("random"))
	if c.code != 4 || c.result == nil || c.result.Hang == nil {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	h := c.result.Hang
	const want = "rt_test.lostUnlockHandler, which has returned without releasing it"
	if !strings.Contains(h.Reason, want) {
		t.Errorf("reason %q, want it to name the callback", h.Reason)
	}
	var waiter bool
	for _, g := range h.Goroutines {
		waiter = waiter || g.State == "blocked" && strings.Contains(g.WaitsFor, want)
	}
	if !waiter {
		t.Errorf("no blocked goroutine says what it waits for came from the callback: %+v", h.Goroutines)
	}
	for _, name := range []string{"spinforever", "slowloop"} {
		if c := runChild(t, name, boundConfig("random")); c.result != nil && c.result.Hang != nil && strings.Contains(c.result.Hang.Reason, "has returned") {
			t.Errorf("%s: %q names a returned callback", name, c.result.Hang.Reason)
		}
	}
}

func TestBoundPlainRunSnapshot(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "plainwait", boundConfig("plain"))
	if c.code != 4 || c.result == nil || c.result.Hang == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	found, leaked := false, false
	for _, g := range c.result.Hang.Unmanaged {
		for _, f := range g.Stack {
			if strings.HasSuffix(f.Func, "plainWait") {
				found, leaked = true, g.State == "leaked"
			}
		}
	}
	if c.result.Hang.Class != "plain" || !found {
		t.Errorf("snapshot %+v: want class plain and plainWait's goroutine", c.result.Hang)
	}
	// Go's goroutine leak profile, where the toolchain has it, proves the
	// waiter can never be woken.
	if leaked != leakProfile() || leaked != strings.Contains(c.result.Hang.Reason, "blocked for good") {
		t.Errorf("plainWait's goroutine leaked %v (reason %q), want %v", leaked, c.result.Hang.Reason, leakProfile())
	}
}

// A deadlock found at the bound replays: the replay checks for it where
// its schedule ends, while the spinner would go on for ever.
func TestBoundDeadlockReplays(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	c := runChild(t, "heldbyended", boundConfig("random"))
	if c.code != 3 || c.result == nil || c.result.Deadlock == nil {
		t.Fatalf("code %d:\n%s", c.code, c.stderr)
	}
	sched := filepath.Join(t.TempDir(), "schedule.json")
	if err := os.WriteFile(sched, c.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := boundConfig("replay")
	cfg.Replay = sched
	r := runChild(t, "heldbyended", cfg)
	if r.code != 3 || r.result == nil || r.result.Deadlock == nil || r.result.Deadlock.Kind != c.result.Deadlock.Kind {
		t.Fatalf("replay: code %d, result %+v:\n%s", r.code, r.result, r.stderr)
	}
	for _, w := range r.result.Warnings {
		if strings.Contains(w, "diverged") || strings.Contains(w, "schedule ended") {
			t.Errorf("replay left the schedule: %s", w)
		}
	}
	// The replay reaches the deadlock where its schedule ends, or at its
	// own bound if it is slower: either way on the recorded schedule.
	if r.result.Steps > c.result.Steps {
		t.Errorf("replay went on for %d steps, the original stopped after %d", r.result.Steps, c.result.Steps)
	}
}

func init() { scenarios["leaklong"] = leakLong }

// leakLongWatchdogMS is TestLeakBlocksAfterLongRun's watchdog period: the
// end waits for leaked goroutines 4 grace periods of 10 watchdog periods
// (800 ms) before only half the bound holds it.
const leakLongWatchdogMS = 20

// leakLong: a goroutine the test leaves behind takes a lock over and over
// for twice the end's grace periods in real time, however fast the
// machine, then waits on a channel nobody will ever send on.
func leakLong() {
	var mu sync.Mutex
	never := make(chan int)
	rt.Go(at("Go", ""), func() {
		start := time.Now()
		for time.Since(start) < 2*40*leakLongWatchdogMS*time.Millisecond {
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
		rt.Recv(never, at("Recv", ""))
	})
}

// A goroutine leaked by the test that blocks for good only after a long
// computation is still found: the end waits for leaked goroutines that
// make progress up to half the bound. The bound (2 min) leaves a loaded
// machine a minute for the computation's 1.6 s; a goroutine still running
// when the end stops waiting is no deadlock, so a "blocked" one proves the
// end waited past its grace periods.
func TestLeakBlocksAfterLongRun(t *testing.T) {
	t.Parallel() // a child process: the others can run while it waits
	cfg := &rt.Config{Strategy: "random", Seed: 1, WatchdogMS: leakLongWatchdogMS, BoundMS: 120_000}
	c := runChild(t, "leaklong", cfg)
	if c.code != 3 || c.result == nil || c.result.Deadlock == nil || c.result.Deadlock.Kind != "blocked" {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	for _, w := range c.result.Warnings {
		if strings.Contains(w, "still running when the test ended") {
			t.Errorf("warning %q: the end stopped waiting before the loop ended", w)
		}
	}
}

// TestEndLostUnlockWarns: a test that ends while a goroutine it leaked
// waits for a lock that a goroutine living on took in a callback that
// returned gets the lost-unlock warning; one whose leaked waiter waits
// for a lock held by a goroutine still inside the function that took it
// does not.
func TestEndLostUnlockWarns(t *testing.T) {
	body := func(returned bool) func() {
		return func() {
			var mu sync.Mutex
			var took sync.WaitGroup
			rt.WGAdd(&took, 1, at("WGAdd", ""))
			rt.Go(at("Go", ""), func() {
				if returned {
					lostUnlockHandler(&mu)
				} else {
					rt.Lock(&mu, at("Lock", "p.mu"))
				}
				rt.WGDone(&took, at("WGDone", ""))
				for {
					rt.Sleep(time.Millisecond, at("Sleep", ""))
				}
			})
			rt.WGWait(&took, at("WGWait", ""))
			rt.Go(at("Go", ""), func() { rt.Lock(&mu, at("Lock", "p.mu")) })
		}
	}
	for _, returned := range []bool{true, false} {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, EndSteps: 2000}, 10*time.Second, body(returned))
		if err != nil {
			t.Fatal(err)
		}
		warned := false
		for _, w := range r.Warnings {
			warned = warned || strings.HasPrefix(w, "lost unlock: ") && strings.Contains(w, "lostUnlockHandler, which has returned")
		}
		if warned != returned {
			t.Errorf("callback returned %v: warnings %q", returned, r.Warnings)
		}
	}
}
