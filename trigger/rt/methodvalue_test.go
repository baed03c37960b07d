package rt_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Method values and function values (methodvalue.go): what the
// instrumenter makes of f := c.Wait, withLock(mu.Lock, mu.Unlock, f),
// (*sync.Mutex).Lock and time.Sleep used as values.

func init() {
	scenarios["mvcondlost"] = mvCondLost
	scenarios["mvabba"] = mvABBA
	scenarios["mvexpr"] = mvExpr
	scenarios["mvlocker"] = mvLocker
}

// valueSite is the site of a method value, as the instrumenter makes it:
// the position of the selector, not of a call.
func valueSite(op, class string) *rt.Site {
	return &rt.Site{File: "mv.go", Line: 7, Col: 9, Func: "p.F", Op: op, Class: class}
}

// after runs f in a goroutine and returns a channel closed when it
// returns, as GoKer kubernetes#11298's After does with n.cond.Wait.
func after(f func()) <-chan struct{} {
	ch := make(chan struct{})
	rt.Go(at("Go", ""), func() {
		f()
		rt.Close(ch, at("Close", ""))
	})
	return ch
}

// mvCondLost: the Cond's Wait is held as a value and run by a helper's
// goroutine; the only Signal came before it.
func mvCondLost() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	rt.CondSignal(c, at("CondSignal", ""))
	rt.Lock(&mu, at("Lock", "p.mu"))
	wait := rt.CondWaitValue(c, valueSite("CondWait", ""))
	after(wait)
}

// withLock runs f between lock and unlock, functions it was given.
func withLock(lock, unlock func(), f func()) {
	lock()
	f()
	unlock()
}

// mvABBA: an AB-BA whose locks are taken through method values passed to
// withLock.
func mvABBA() {
	var a, b sync.Mutex
	for _, p := range [][2]*sync.Mutex{{&a, &b}, {&b, &a}} {
		first, second := p[0], p[1]
		class := func(m *sync.Mutex) string {
			if m == &a {
				return "p.a"
			}
			return "p.b"
		}
		rt.Go(at("Go", ""), func() {
			withLock(rt.LockValue(first, valueSite("Lock", class(first))), rt.UnlockValue(first, at("Unlock", class(first))), func() {
				withLock(rt.LockValue(second, valueSite("Lock", class(second))), rt.UnlockValue(second, at("Unlock", class(second))), func() {})
			})
		})
	}
}

// mvExpr: (*sync.Mutex).Lock used as a method expression, called twice on
// one mutex by one goroutine.
func mvExpr() {
	var mu sync.Mutex
	lock := rt.LockExpr[*sync.Mutex](valueSite("Lock", "p.mu"))
	rt.Go(at("Go", ""), func() {
		lock(&mu)
		lock(&mu)
	})
}

// mvLocker: a Locker's Lock method value dispatches to the managed
// RWMutex: read-locking twice through it, with a writer queued between,
// is RWR.
func mvLocker() {
	var mu sync.RWMutex
	rt.Go(at("Go", ""), func() {
		l := rt.RLockerValue(&mu, at("RLocker", "p.rw"))()
		lock := rt.LockerLockValue(l, valueSite("LockerLock", "p.rw"))
		unlock := rt.LockerUnlockValue(l, valueSite("LockerUnlock", "p.rw"))
		lock()
		rt.Gosched(at("Gosched", ""))
		lock()
		unlock()
		unlock()
	})
	rt.Go(at("Go", ""), func() {
		rt.RWLock(&mu, at("RWLock", "p.rw"))
		rt.RWUnlock(&mu, at("RWUnlock", "p.rw"))
	})
}

// TestCondWaitValueLost: a goroutine blocked in a Cond's Wait run through
// its method value is seen blocked for good, at the method value's site.
func TestCondWaitValueLost(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		r := run(t, rt.Config{Strategy: "random", Seed: seed}, "mvcondlost")
		if r.Deadlock == nil {
			t.Fatalf("seed %d: no deadlock (outcome %s)", seed, r.Outcome)
		}
		f := r.Deadlock
		if string(f.Kind) != "blocked" || len(f.Goroutines) != 1 || !strings.Contains(f.Goroutines[0].WaitsFor, "Cond") {
			t.Fatalf("seed %d: %s %+v, want one goroutine blocked on the Cond", seed, f.Kind, f.Goroutines)
		}
		if !slices.ContainsFunc(r.Schedule, func(s rt.StepRec) bool { return strings.HasPrefix(s.Site, "mv.go:7") }) {
			t.Errorf("seed %d: no step at the method value's site in %v", seed, r.Schedule)
		}
	}
}

// TestLockValueCycle: locks taken through method values form a
// lock-order cycle the scheduler finds, named by their classes and the
// method values' site.
func TestLockValueCycle(t *testing.T) {
	found, _ := hunt(t, rt.Config{Strategy: "random"}, "mvabba", 50)
	if found == nil {
		t.Fatal("no deadlock in 50 seeds")
	}
	f := found.Deadlock
	if string(f.Kind) != "lock-order-cycle" || !slices.Equal(classes(f), []string{"p.a", "p.b"}) {
		t.Fatalf("%s on %v, want a lock-order cycle on p.a, p.b", f.Kind, classes(f))
	}
	for _, l := range f.Locks {
		if !slices.ContainsFunc(l.Sites, func(s wire.Site) bool { return s.File == "mv.go" && s.Line == 7 }) {
			t.Errorf("lock %s: sites %v, want the method value's mv.go:7", l.Class, l.Sites)
		}
	}
	// The runtime's closure, inlined into its caller, is named after it;
	// its frame is still left out of the stacks.
	for _, g := range f.Goroutines {
		if len(g.Stack) == 0 || strings.HasSuffix(g.Stack[0].File, "/methodvalue.go") || !strings.Contains(g.Stack[0].Func, "withLock") {
			t.Errorf("goroutine %d: stack %v, want withLock on top", g.ID, g.Stack)
		}
	}
}

// TestLockExprDoubleLock: a method expression's function locks through
// the runtime.
func TestLockExprDoubleLock(t *testing.T) {
	r := run(t, rt.Config{Strategy: "random", Seed: 1}, "mvexpr")
	if r.Deadlock == nil || string(r.Deadlock.Kind) != "double-lock" {
		t.Fatalf("deadlock %+v, want a double lock", r.Deadlock)
	}
}

// TestLockerLockValueRWR: a Locker's method value dispatches on the
// Locker's dynamic type.
func TestLockerLockValueRWR(t *testing.T) {
	found, _ := hunt(t, rt.Config{Strategy: "random"}, "mvlocker", 100)
	if found == nil || string(found.Deadlock.Kind) != "rwr" {
		t.Fatalf("no RWR through the Locker's method value in 100 seeds: %+v", found)
	}
}

// TestNilLockerValuePanics: as in Go, a nil Locker's method value panics
// where it is evaluated, not where it is called.
func TestNilLockerValuePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("LockerLockValue(nil) did not panic")
		}
	}()
	rt.LockerLockValue(nil, nil)
}

// TestSleepValueVirtual: time.Sleep and time.Since used as values run on
// the virtual clock: an hour's sleep takes no real time (a real one would
// outlast RunScenario's guard of minutes).
func TestSleepValueVirtual(t *testing.T) {
	var slept time.Duration
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		sleep, since := rt.SleepValue(at("Sleep", "")), rt.SinceValue(at("Since", ""))
		t0 := rt.Now(at("Now", ""))
		sleep(time.Hour)
		slept = since(t0)
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("err %v, deadlock %+v", err, r.Deadlock)
	}
	if slept < time.Hour {
		t.Errorf("slept %v on the virtual clock, want an hour", slept)
	}
}

// TestRandValueDraws: a draw through rand.Intn used as a value is the
// scheduler's.
func TestRandValueDraws(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 3}, 10*time.Second, func() {
		intn := rt.RandIntnValue(at("RandIntn", ""))
		for range 5 {
			if v := intn(3); v < 0 || v >= 3 {
				panic("out of range")
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Draws == nil || r.Draws.Count < 5 {
		t.Errorf("draws %+v, want the 5 draws of the value", r.Draws)
	}
}

// TestValuesPassThrough: outside a run the values do the real operation.
func TestValuesPassThrough(t *testing.T) {
	var mu sync.Mutex
	rt.LockValue(&mu, nil)()
	if mu.TryLock() {
		t.Fatal("LockValue did not lock")
	}
	rt.UnlockExpr[*sync.Mutex](nil)(&mu)
	var wg sync.WaitGroup
	rt.WGAddValue(&wg, nil)(1)
	rt.WGDoneValue(&wg, nil)()
	rt.WGWaitValue(&wg, nil)()
	n := 0
	var once sync.Once
	do := rt.OnceDoValue(&once, nil)
	do(func() { n++ })
	do(func() { n++ })
	if n != 1 {
		t.Errorf("Once ran %d times", n)
	}
	rt.SleepValue(nil)(time.Millisecond)
}
