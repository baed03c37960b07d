package rt_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// episodes: a test that repeats one episode n times: two workers started
// at one site take the episode's mutex and the test cancels a context
// while they may still run, then waits for them.
func episodes(n int) func() {
	return func() {
		for range n {
			var mu sync.Mutex
			var wg sync.WaitGroup
			ctx, cancel := rt.WithCancel(context.Background(), at("WithCancel", ""))
			for range 2 {
				rt.WGGo(&wg, func() {
					rt.Lock(&mu, at("Lock", "p.mu"))
					_ = ctx.Err()
					rt.Unlock(&mu, at("Unlock", "p.mu"))
				}, at("WGGo", ""))
			}
			cancel()
			rt.WGWait(&wg, at("WGWait", ""))
		}
	}
}

// TestExploreKinds: runs of a test that repeats an episode differ in
// their orderings (each run's signature is new) but not in their kinds
// of orderings, which name goroutines by creation site and operations by
// site: the runs of 40 episodes and of 80 show a few kinds each.
func TestExploreKinds(t *testing.T) {
	union := func(n int) ([]uint64, int) {
		var all []uint64
		sigs := map[string]bool{}
		for _, r := range exploreRuns(t, 5, episodes(n)) {
			if r.Explore.KindsOver || len(r.Explore.Kinds) == 0 || !slices.IsSorted(r.Explore.Kinds) {
				t.Fatalf("%d episodes: kinds %v (over %v); want a few, sorted", n, r.Explore.Kinds, r.Explore.KindsOver)
			}
			all = append(all, r.Explore.Kinds...)
			sigs[r.Explore.Signature] = true
		}
		slices.Sort(all)
		return slices.Compact(all), len(sigs)
	}
	k40, sigs40 := union(40)
	k80, sigs80 := union(80)
	if sigs40 != 5 || sigs80 != 5 {
		t.Errorf("distinct signatures in 5 runs: %d of 40 episodes, %d of 80; want 5 each", sigs40, sigs80)
	}
	// A few, not one per episode (a watchdog release under load may add
	// a rare one: not the same set, the same scale).
	if len(k40) > 12 || len(k80) > 12 {
		t.Errorf("kinds of 40 episodes %d, of 80 %d; want a few, not growing with the episodes", len(k40), len(k80))
	}
}

// lateCancel: n episodes; each starts a goroutine that waits on the
// episode's context and one that cancels it, and the test goes on at once
// to the next episode, taking its own mutex at one of sites lines (of
// eight), where the late cancel finds it able to step.
func lateCancel(n, sites int) func() {
	return func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		locks := []*rt.Site{ // eight lines: eight sites
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
			at("Lock", "t.mu"),
		}
		for i := range n {
			ctx, cancel := rt.WithCancel(context.Background(), at("WithCancel", ""))
			rt.WGGo(&wg, func() { rt.Recv(ctx.Done(), at("Recv", "ctx.Done")) }, at("WGGo", "waiter"))
			rt.WGGo(&wg, cancel, at("WGGo", "canceller"))
			rt.Lock(&mu, locks[i%sites])
			rt.Unlock(&mu, at("Unlock", "t.mu"))
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
}

// TestCutKindsNameWaiters: a cut's kinds name the goroutines it may
// release (the waiter on the context) and not where a goroutine able to
// step happened to be: the test at any of eight sites makes no more kinds
// than at one of two.
func TestCutKindsNameWaiters(t *testing.T) {
	union := func(sites int) int {
		var all []uint64
		for _, r := range exploreRuns(t, 5, lateCancel(40, sites)) {
			all = append(all, r.Explore.Kinds...)
		}
		slices.Sort(all)
		return len(slices.Compact(all))
	}
	// A few: the waiter at its receive, the test at its Wait; not one
	// per site of the test's (15 of them with eight sites before).
	two, eight := union(2), union(8)
	if two == 0 || eight > 4 || eight > two+1 {
		t.Errorf("kinds over 5 runs: %d with two sites, %d with eight; want a few, and no more with eight (one more at most: a watchdog release under load)", two, eight)
	}
}

// TestDrawKindsApart: a worker that ranges over a small map, drawing its
// order, reports the draws' kinds apart (DrawKinds): the runs' kinds of
// orderings are those of the same episodes without the range, and their
// draws of the map's 6 orders show among their draw kinds.
func TestDrawKindsApart(t *testing.T) {
	m := map[int]int{1: 1, 2: 2, 3: 3}
	withRange := func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 2 {
			rt.WGGo(&wg, func() {
				rt.Lock(&mu, at("Lock", "p.mu"))
				for it, _, _, ok := rt.MapRangeRO(m, at("MapRange", "")); ok; _, _, ok = it.Next() {
				}
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			}, at("WGGo", ""))
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
	kinds, draws := map[uint64]bool{}, map[uint64]bool{}
	for _, r := range exploreRuns(t, 12, withRange) {
		e := r.Explore
		if e.DrawKindsOver || len(e.DrawKinds) == 0 || !slices.IsSorted(e.DrawKinds) {
			t.Fatalf("draw kinds %v (over %v); want some, sorted", e.DrawKinds, e.DrawKindsOver)
		}
		for _, k := range e.Kinds {
			kinds[k] = true
		}
		for _, k := range e.DrawKinds {
			draws[k] = true
		}
	}
	if len(draws) < 3 {
		t.Errorf("%d draw kinds in 12 runs of two workers drawing one of 6 orders each; want several", len(draws))
	}
	for k := range draws {
		if kinds[k] {
			t.Errorf("draw kind %x among the kinds of orderings", k)
		}
	}
	if len(kinds) == 0 || len(kinds) > 6 {
		t.Errorf("%d kinds of orderings of two workers on one mutex; want a few, the draws' apart", len(kinds))
	}
}
