package rt

import (
	"testing"
	"time"
)

// A stale closed mark (a collected channel's, at the address of a new one
// nobody closes) makes two receivers look able to step for good. The
// first to try finds the channel open and clears the mark; the other,
// chosen on its old standing, must be evaluated again, not chosen for
// good while holding the scheduler (memberlist's packet loop, its
// shutdown channel at a closed one's address: runs killed at the bound
// with no snapshot). Their wait is then a leak, found as such.
func TestStaleClosedMarkReevaluated(t *testing.T) {
	site := &Site{File: "/m/p.go", Line: 3, Col: 2, Op: "Select"}
	for seed := uint64(1); seed <= 8; seed++ {
		r, err := RunScenario(Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, func() {
			ch, other := make(chan int), make(chan int)
			sc := active()
			sc.mu.Lock()
			chanModel.of(sc).get(chanKey(ch)).closed = true
			sc.mu.Unlock()
			for range 2 {
				Go(&Site{File: "/m/p.go", Line: 2, Col: 2, Op: "Go"}, func() {
					Select(site, false, RecvCase(ch, nil, nil), RecvCase(other, nil, nil))
				})
			}
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if d := r.Deadlock; d == nil || len(d.Goroutines) != 2 {
			t.Errorf("seed %d: finding %+v, want the two receivers blocked for good", seed, d)
		}
	}
}
