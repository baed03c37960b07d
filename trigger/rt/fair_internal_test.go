package rt

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestFairnessIncremental: the fairness bound kept incrementally (counts
// relative to the decisions among the whole enabled place, members on a
// wheel by the decision they starve at, then in a heap) chooses as the
// scan of every enabled goroutine did, through random entries, departures,
// choices and short lists, rare (a goroutine's standing changes now and
// then) or at nearly every decision (waiters of a mutex at each hand-off).
func TestFairnessIncremental(t *testing.T) {
	for _, churn := range []int{500, 3} {
		t.Run(fmt.Sprint(churn), func(t *testing.T) { testFairness(t, churn) })
	}
}

func testFairness(t *testing.T, churn int) {
	const n = 40
	rng := rand.New(rand.NewPCG(7, uint64(churn)))
	all := make([]*g, n)
	for i := range all {
		all[i] = &g{id: i + 1}
	}
	var f fairness
	for _, x := range all {
		f.add(x)
	}
	var place ordset
	ref := make([]int, n) // the scan's counts, by ID-1
	refStarved := func(en []*g, next *g) *g {
		if len(en) == 1 {
			ref[next.id-1] = 0
			return nil
		}
		var y *g
		for _, x := range en {
			ref[x.id-1]++
		}
		for _, z := range en {
			if w := ref[z.id-1]; z != next && w > starveLimit && (y == nil || w > ref[y.id-1]) {
				y = z
			}
		}
		if y != nil {
			ref[y.id-1] = 0
		} else {
			ref[next.id-1] = 0
		}
		return y
	}
	starvedSeen := 0
	for step := 0; step < 200000; step++ {
		if x := all[rng.IntN(n)]; rng.IntN(churn) == 0 {
			if place.has(x.id) {
				place.remove(x.id)
				f.left(x)
			} else {
				place.add(x.id)
				f.entered(x)
			}
		}
		if place.n == 0 {
			continue
		}
		en := enView{set: &place, all: all}
		list := en.List(nil)
		// Mostly the place; now and then a short list of it (a spinner,
		// a directed strategy's filter).
		if rng.IntN(20) == 0 {
			list = list[:1+rng.IntN(len(list))]
			en = listView(list)
		}
		// A biased choice, so that some goroutines starve.
		next := list[0]
		if rng.IntN(200) == 0 {
			next = list[rng.IntN(len(list))]
		}
		want := refStarved(list, next)
		got := f.starved(en, next)
		if got != want {
			t.Fatalf("step %d: starved = %v, want %v", step, got, want)
		}
		if got != nil {
			starvedSeen++
		}
		for _, x := range all {
			if w := f.waited(x); w != ref[x.id-1] {
				t.Fatalf("step %d: goroutine %d waited %d, want %d", step, x.id, w, ref[x.id-1])
			}
		}
	}
	if starvedSeen == 0 {
		t.Fatal("no goroutine starved: the test does not reach the bound")
	}
}

// TestFairnessStarvedTie: goroutines that left while starved and came
// back (in the heap) and goroutines the wheel starved at the same count
// (in the list) are taken in ID order, as one heap would.
func TestFairnessStarvedTie(t *testing.T) {
	gs := []*g{{id: 1}, {id: 2}, {id: 3}}
	var f fairness
	for _, x := range gs {
		f.add(x)
		f.entered(x)
	}
	for range starveLimit + 1 {
		f.count()
	}
	check := func(what string, cases ...[2]*g) {
		t.Helper()
		for _, c := range cases {
			if got := f.topBut(c[0]); got != c[1] {
				t.Errorf("%s: topBut(%v) = %v, want goroutine %d", what, c[0], got, c[1].id)
			}
		}
	}
	// Goroutine 3 leaves and comes back starved, with the others' count:
	// into the heap, behind 1 and 2 by ID.
	f.left(gs[2])
	f.entered(gs[2])
	if f.slot[2] == inList || !f.over.has(gs[2]) {
		t.Fatalf("goroutine 3 in the list %v, in the heap %v; want the heap", f.slot[2] == inList, f.over.has(gs[2]))
	}
	check("3 in the heap", [2]*g{nil, gs[0]}, [2]*g{gs[0], gs[1]}, [2]*g{gs[1], gs[0]})
	// Goroutine 1 too: now the heap's first is first.
	f.left(gs[0])
	f.entered(gs[0])
	check("1 and 3 in the heap", [2]*g{nil, gs[0]}, [2]*g{gs[0], gs[1]}, [2]*g{gs[1], gs[0]})
}
