package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestTryRWSemantics checks TryRLock and RWTryLock against Go's RWMutex
// rules under the scheduler: no read while written, no write while read
// or written.
func TestTryRWSemantics(t *testing.T) {
	var got []bool
	body := func() {
		var mu sync.RWMutex
		s := at("Try", "p.rw")
		rt.RWLock(&mu, s)
		got = append(got, rt.TryRLock(&mu, s), rt.RWTryLock(&mu, s)) // false, false
		rt.RWUnlock(&mu, s)
		got = append(got, rt.TryRLock(&mu, s), rt.RWTryLock(&mu, s)) // true, false
		rt.RUnlock(&mu, s)
		got = append(got, rt.RWTryLock(&mu, s)) // true
		rt.RWUnlock(&mu, s)
	}
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, body)
	if err != nil || r.Deadlock != nil {
		t.Fatalf("err %v, deadlock %v", err, r.Deadlock)
	}
	want := []bool{false, false, true, false, true}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("try %d: %v, want %v (all: %v)", i, got[i], want[i], got)
		}
	}
}

// TestRLockerRWR: read-locking twice through RLocker, with a writer
// queued in between, is the same RWR deadlock as two RLocks.
func TestRLockerRWR(t *testing.T) {
	body := func() {
		var mu sync.RWMutex
		rt.Go(at("Go", ""), func() {
			l := rt.RLocker(&mu, at("RLocker", "p.rw"))
			l.Lock()
			rt.Gosched(at("Gosched", ""))
			l.Lock()
			l.Unlock()
			l.Unlock()
		})
		rt.Go(at("Go", ""), func() {
			rt.RWLock(&mu, at("RWLock", "p.rw"))
			rt.RWUnlock(&mu, at("RWUnlock", "p.rw"))
		})
	}
	for seed := uint64(1); seed <= 200; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "pct", Seed: seed, Depth: 2, Steps: 10, WatchdogMS: 20}, 10*time.Second, body)
		if err != nil {
			t.Fatal(err)
		}
		if f := r.Deadlock; f != nil {
			if f.Kind != "rwr" {
				t.Fatalf("seed %d: kind %q, want rwr: %s", seed, f.Kind, f.Message)
			}
			return
		}
	}
	t.Fatal("no RWR deadlock through RLocker in 200 seeds")
}
