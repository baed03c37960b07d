package rt

import (
	"sync"
	"testing"
	"time"
)

// TestCutSumsDistinct: a cut sums one hash per goroutine (its name and
// the operations it has begun); states that differ in a few operations
// must not sum to the same value, or runs with different outcomes share a
// signature (a deadline fired before a goroutine started, and after it
// ended, once did).
func TestCutSumsDistinct(t *testing.T) {
	names := []uint64{hashString("main"), hashString("worker"), 13709196501233880187, 5206911755834840157}
	seen := map[uint64][2]int{}
	for a := 0; a < len(names); a++ {
		for b := a + 1; b < len(names); b++ {
			clear(seen)
			for i := range 64 {
				for j := range 64 {
					sum := hashSeq(names[a], []uint64{uint64(i)}) + hashSeq(names[b], []uint64{uint64(j)})
					if was, ok := seen[sum]; ok {
						t.Fatalf("names %d,%d: states %v and [%d %d] sum alike", a, b, was, i, j)
					}
					seen[sum] = [2]int{i, j}
				}
			}
		}
	}
}

// The explorer lists for its summary only the records of objects two
// goroutines shared: a test that uses thousands of channels each within
// one goroutine kept a record of each to the run's end.
func TestExplorerListsSharedOnly(t *testing.T) {
	site := &Site{File: "/m/p.go", Line: 1, Col: 1, Op: "Send"}
	goSite := &Site{File: "/m/p.go", Line: 2, Col: 1, Op: "Go"}
	var listed int
	r, err := RunScenario(Config{Strategy: "random", Seed: 1, Explore: true, WatchdogMS: 1000}, 10*time.Second, func() {
		for range 1000 {
			ch := MadeChan(make(chan int, 1))
			Send(ch, 1, site)
			Recv(ch, site)
		}
		shared := MadeChan(make(chan int))
		var wg sync.WaitGroup
		WGAdd(&wg, 1, site)
		Go(goSite, func() {
			defer WGDone(&wg, site)
			Send(shared, 1, site)
		})
		Recv(shared, site)
		WGWait(&wg, site) // the sender's send is recorded once it goes on
		sc := active()
		sc.mu.Lock()
		listed = len(sc.expl.recs)
		sc.mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if listed != 2 || r.Explore == nil || r.Explore.Shared != 2 {
		t.Errorf("%d records listed, summary %+v; want the shared channel's and WaitGroup's only", listed, r.Explore)
	}
}

// Once a run's orderings cannot be counted, the select sets kept to find
// a reason are dropped, and the first reason stays.
func TestUncountedDropsSelectSets(t *testing.T) {
	e := newExplorer()
	e.selects = map[uint64]selectRec{1: {}}
	e.setUncounted("a context was cancelled")
	e.setUncounted("a timer, ticker or deadline fired")
	if e.selects != nil || e.uncounted != "a context was cancelled" {
		t.Errorf("selects %v, uncounted %q; want none, the first reason", e.selects, e.uncounted)
	}
}
