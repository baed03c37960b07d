package rt_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// keysOf ranges over m as the rewritten `for k := range m` does.
func keysOf[K comparable, V any](m map[K]V, s *rt.Site) []K {
	var ks []K
	for it, k, _, ok := rt.MapRange(m, s); ok; k, _, ok = it.Next() {
		ks = append(ks, k)
	}
	return ks
}

func intMap(n int) map[int]int {
	m := map[int]int{}
	for i := range n {
		m[i*7919] = i
	}
	return m
}

func strMap(n int) map[string]int {
	m := map[string]int{}
	for i := range n {
		m[fmt.Sprintf("key-%d", i)] = i
	}
	return m
}

var rangeSite = &rt.Site{File: "/m/x.go", Line: 7, Col: 2, Op: "MapRange"}

// runOrders runs body under seed and returns the orders it recorded.
func runOrders(t *testing.T, cfg rt.Config, body func(rec func(any))) ([]string, *rt.Result) {
	t.Helper()
	var got []string
	var mu sync.Mutex
	r, err := rt.RunScenario(cfg, 10*time.Second, func() {
		body(func(v any) {
			mu.Lock()
			got = append(got, fmt.Sprint(v))
			mu.Unlock()
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, r
}

// The test goroutine's first draws at a site take the canonical order,
// its reverse or a shuffle by the seed; the canonical order is fixed by
// the keys alone (the same in every process: these were computed in
// another one).
func TestMapOrderCanonical(t *testing.T) {
	ints := map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true}
	strs := map[string]bool{"a": true, "b": true, "c": true, "d": true, "e": true}
	var orders []string
	for seed := uint64(1); seed <= 3; seed++ {
		got, r := runOrders(t, rt.Config{Strategy: "random", Seed: seed}, func(rec func(any)) {
			rec(keysOf(ints, rangeSite))
			rec(keysOf(strs, rangeSite))
		})
		if len(r.Warnings) > 0 || r.Draws == nil || r.Draws.Count != 2 {
			t.Fatalf("seed %d: warnings %q, draws %+v", seed, r.Warnings, r.Draws)
		}
		orders = append(orders, strings.Join(got, " "))
	}
	canon := "[3 5 4 1 2 6] [d a b e c]"
	reverse := "[6 2 1 4 5 3] [c e b a d]"
	if !slices.Contains(orders, canon) || !slices.Contains(orders, reverse) {
		t.Errorf("orders %q, want %q and %q among them", orders, canon, reverse)
	}
}

// A seed gives the same orders in every run, whatever Go's iteration
// order, and a replay gives them back under another seed.
func TestMapOrderReplay(t *testing.T) {
	ints, strs := intMap(50), strMap(3)
	body := func(rec func(any)) {
		var wg sync.WaitGroup
		rt.WGAdd(&wg, 2, at("WGAdd", ""))
		for range 2 {
			rt.Go(at("Go", ""), func() {
				defer rt.WGDone(&wg, at("WGDone", ""))
				for range 4 {
					rec(keysOf(ints, at("MapRange", "")))
					rec(keysOf(strs, at("MapRange", "")))
					rt.Gosched(at("Gosched", ""))
				}
			})
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
	for seed := uint64(1); seed <= 4; seed++ {
		first, r := runOrders(t, rt.Config{Strategy: "random", Seed: seed}, body)
		again, _ := runOrders(t, rt.Config{Strategy: "random", Seed: seed}, body)
		if !slices.Equal(first, again) {
			t.Fatalf("seed %d: two runs ranged differently", seed)
		}
		name := writeResult(t, r)
		for i := range 3 {
			got, rr := runOrders(t, rt.Config{Strategy: "replay", Replay: name, Seed: 100 + uint64(i)}, body)
			if len(rr.Warnings) > 0 || !slices.Equal(got, first) {
				t.Fatalf("seed %d replay %d: warnings %q; orders differ", seed, i, rr.Warnings)
			}
		}
	}
}

// Several orders come up over a few seeds (not only canonical and
// reverse: the third mode shuffles).
func TestMapOrderVaries(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		got, _ := runOrders(t, rt.Config{Strategy: "random", Seed: seed}, func(rec func(any)) {
			rec(keysOf(intMap(8), rangeSite))
		})
		seen[got[0]] = true
	}
	if len(seen) < 3 {
		t.Errorf("%d orders over 6 seeds: %v", len(seen), seen)
	}
}

// As a plain range: an entry deleted before it is reached is not
// produced, the value is the current one, an entry added is not
// produced, none twice; break and continue work as in any loop.
func TestMapOrderMutation(t *testing.T) {
	check := func(t *testing.T) { // no t.Fatal: it may run in the scenario's goroutine
		m := intMap(20)
		seen := map[int]bool{}
		var deleted []int
		added := 0
		for it, k, v, ok := rt.MapRange(m, rangeSite); ok; k, v, ok = it.Next() {
			if seen[k] {
				t.Errorf("key %d twice", k)
				return
			}
			seen[k] = true
			if slices.Contains(deleted, k) {
				t.Errorf("key %d produced after its deletion", k)
				return
			}
			if v != m[k] {
				t.Errorf("key %d: value %d, map holds %d", k, v, m[k])
				return
			}
			if len(seen) == 1 { // delete three others, change the rest
				for other := range m {
					if other != k && len(deleted) < 3 {
						delete(m, other)
						deleted = append(deleted, other)
					} else {
						m[other] += 1000
					}
				}
				for i := range 10 {
					m[-1-i] = -1
					added++
				}
				continue
			}
			if v < 1000 && k >= 0 {
				t.Errorf("key %d: value %d, not the current one", k, v)
				return
			}
		}
		if len(seen) != 20-3 {
			t.Errorf("%d keys produced, want %d", len(seen), 20-3)
		}
		n := 0
		for it, _, _, ok := rt.MapRange(m, rangeSite); ok; _, _, ok = it.Next() {
			if n++; n == 5 {
				break
			}
		}
		if n != 5 {
			t.Errorf("break after %d", n)
		}
		it, _, _, ok := rt.MapRange(intMap(40), rangeSite) // pooled
		for ; ok; _, _, ok = it.Next() {
		}
		if _, _, ok := it.Next(); ok {
			t.Errorf("Next after the end gave an entry")
		}
	}
	t.Run("controlled", func(t *testing.T) {
		if _, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 2}, 10*time.Second, func() { check(t) }); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("passthrough", check)
}

// MapRangeRO takes the values with the keys until the body says the map
// may change; from then on each is looked up (a deleted entry skipped,
// a NaN key's value the one taken).
func TestMapRangeMayChange(t *testing.T) {
	check := func(t *testing.T) {
		m := intMap(20)
		var first, deleted []int
		n := 0
		for it, k, v, ok := rt.MapRangeRO(m, rangeSite); ok; k, v, ok = it.Next() {
			switch n++; {
			case n == 1: // not said: the next value is the one taken
				for other := range m {
					m[other] += 1000
				}
			case n == 2:
				if v >= 1000 {
					t.Errorf("key %d: value %d looked up before MayChange", k, v)
				}
				it.MayChange()
				for other := range m {
					if other != k && !slices.Contains(first, other) && len(deleted) < 3 {
						delete(m, other)
						deleted = append(deleted, other)
					}
				}
			default:
				if slices.Contains(deleted, k) {
					t.Errorf("key %d produced after its deletion", k)
				}
				if v < 1000 {
					t.Errorf("key %d: value %d, not the current one", k, v)
				}
			}
			first = append(first, k)
		}
		if n != 20-3 {
			t.Errorf("%d keys produced, want %d", n, 20-3)
		}
		nan := map[float64]int{math.NaN(): 1, math.NaN(): 2, 1: 3, 2: 4}
		n = 0
		for it, _, _, ok := rt.MapRangeRO(nan, rangeSite); ok; _, _, ok = it.Next() {
			it.MayChange()
			n++
		}
		if n != 4 {
			t.Errorf("%d entries of a map with NaN keys, want 4", n)
		}
	}
	t.Run("controlled", func(t *testing.T) {
		if _, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 2}, 10*time.Second, func() { check(t) }); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("passthrough", check)
}

// Keys of every kind with an order the same in every process are under
// control: no warning, every entry once, the same order in every run of
// a seed.
func TestMapOrderKeyKinds(t *testing.T) {
	type name string
	type pair struct {
		A int16
		B int64
	}
	type mixed struct {
		S string
		F float64
		I any
	}
	maps := []func(rec func(any)){
		func(rec func(any)) { rec(keysOf(map[bool]int{true: 1, false: 0}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[int8]int{-1: 1, 2: 2, 3: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[uint16]int{1: 1, 2: 2, 65535: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[int32]int{-1: 1, 2: 2, 3: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[uint64]int{1: 1, 2: 2, math.MaxUint64: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[uintptr]int{1: 1, 2: 2, 3: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[float32]int{1.5: 1, -2: 2, 0: 3}, rangeSite)) },
		func(rec func(any)) {
			rec(keysOf(map[float64]int{1.5: 1, math.Inf(-1): 2, math.Copysign(0, -1): 3}, rangeSite))
		},
		func(rec func(any)) { rec(keysOf(map[complex128]int{1i: 1, 2: 2, 3 + 3i: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[name]int{"x": 1, "y": 2, "z": 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[[3]byte]int{{1}: 1, {2}: 2, {1, 2, 3}: 3}, rangeSite)) },
		func(rec func(any)) { rec(keysOf(map[pair]int{{1, 2}: 1, {2, 1}: 2, {0, 0}: 3}, rangeSite)) },
		func(rec func(any)) {
			rec(keysOf(map[mixed]int{{"a", 1, 2}: 1, {"a", 1, "2"}: 2, {"b", 0, nil}: 3, {"b", 0, [2]int{}}: 4}, rangeSite))
		},
		func(rec func(any)) { rec(keysOf(map[any]int{1: 1, "1": 2, name("1"): 3, 1.0: 4, nil: 5}, rangeSite)) },
	}
	for i, body := range maps {
		var first []string
		for run := range 3 {
			got, r := runOrders(t, rt.Config{Strategy: "random", Seed: 4}, body)
			if len(r.Warnings) > 0 {
				t.Fatalf("map %d: warnings %q", i, r.Warnings)
			}
			if run == 0 {
				first = got
			} else if !slices.Equal(got, first) {
				t.Fatalf("map %d: orders %v, then %v", i, first, got)
			}
		}
	}
}

// Keys with no order the same in every process keep Go's order, with a
// warning naming the site and the type; NaN keys too (they cannot be
// looked up: Go's own iteration gives them all).
func TestMapOrderUncontrolled(t *testing.T) {
	a, b := new(int), new(int)
	type withPtr struct{ P *int }
	for _, c := range []struct {
		body func(rec func(any))
		typ  string
		n    int
	}{
		{func(rec func(any)) { rec(len(keysOf(map[*int]int{a: 1, b: 2}, rangeSite))) }, "*int", 2},
		{func(rec func(any)) {
			rec(len(keysOf(map[chan int]int{make(chan int): 1, make(chan int): 2}, rangeSite)))
		}, "chan int, one of them made outside the scheduler's order", 2},
		{func(rec func(any)) { rec(len(keysOf(map[withPtr]int{{a}: 1, {b}: 2}, rangeSite))) }, "rt_test.withPtr", 2},
		{func(rec func(any)) { rec(len(keysOf(map[any]int{1: 1, a: 2}, rangeSite))) }, "interface {} holding *int", 2},
		{func(rec func(any)) {
			rec(len(keysOf(map[float64]int{math.NaN(): 1, math.NaN(): 2, 1: 3}, rangeSite)))
		}, "float64, one of them NaN", 3},
		{func(rec func(any)) {
			rec(len(keysOf(map[any]int{math.NaN(): 1, "x": 2, 1: 3}, rangeSite)))
		}, "interface {}, one of them NaN", 3},
	} {
		got, r := runOrders(t, rt.Config{Strategy: "random", Seed: 1}, c.body)
		want := fmt.Sprintf("map order at %s not under control (keys of type %s)", rangeSite, c.typ)
		if !slices.Equal(r.Warnings, []string{want}) {
			t.Errorf("warnings %q, want %q", r.Warnings, want)
		}
		if got[0] != fmt.Sprint(c.n) {
			t.Errorf("%s: %s entries, want %d", c.typ, got[0], c.n)
		}
	}
}

// Channels made under the scheduler (MadeChan) range in a drawn order,
// the same in a replay, and several orders come up over a few seeds; a
// subscriber set of channels, as a broker keeps.
func TestMapOrderChannels(t *testing.T) {
	body := func(rec func(any)) {
		subs := map[chan int]string{}
		for _, name := range []string{"a", "b", "c", "d"} {
			subs[rt.MadeChan(make(chan int, 1))] = name
		}
		var order []string
		for it, _, v, ok := rt.MapRange(subs, rangeSite); ok; _, v, ok = it.Next() {
			order = append(order, v)
		}
		rec(order)
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		first, r := runOrders(t, rt.Config{Strategy: "random", Seed: seed}, body)
		if len(r.Warnings) > 0 {
			t.Fatalf("seed %d: warnings %q", seed, r.Warnings)
		}
		seen[first[0]] = true
		name := writeResult(t, r)
		got, rr := runOrders(t, rt.Config{Strategy: "replay", Replay: name, Seed: 100}, body)
		if len(rr.Warnings) > 0 || !slices.Equal(got, first) {
			t.Fatalf("seed %d: replay ranged %q, warnings %q; want %q", seed, got, rr.Warnings, first)
		}
	}
	if len(seen) < 3 {
		t.Errorf("orders %v over 8 seeds; want 3 or more", seen)
	}
}

// Outside a scheduler the range is plain: every entry once, NaN keys
// included.
func TestMapOrderPassThrough(t *testing.T) {
	m := intMap(100)
	ks := keysOf(m, rangeSite)
	slices.Sort(ks)
	if len(ks) != 100 || slices.Compact(ks) == nil || len(slices.Compact(ks)) != 100 {
		t.Errorf("%d keys", len(ks))
	}
	nan := map[float64]int{math.NaN(): 1, math.NaN(): 2, 3: 3}
	if n := len(keysOf(nan, rangeSite)); n != 3 {
		t.Errorf("%d of 3 entries with NaN keys", n)
	}
	if n := len(keysOf(map[int]int(nil), rangeSite)); n != 0 {
		t.Errorf("nil map: %d entries", n)
	}
}

// A map of no or one entry has nothing to order: no draw.
func TestMapOrderSmallNoDraw(t *testing.T) {
	_, r := runOrders(t, rt.Config{Strategy: "random", Seed: 1}, func(rec func(any)) {
		rec(keysOf(map[int]int{}, rangeSite))
		rec(keysOf(map[int]int{1: 1}, rangeSite))
		rec(keysOf(map[*int]int{new(int): 1}, rangeSite))
	})
	if r.Draws != nil || len(r.Warnings) > 0 {
		t.Errorf("draws %+v, warnings %q", r.Draws, r.Warnings)
	}
}

// A map order of a few entries is a choice the explorer counts; a longer
// one is named as unexplored.
func TestMapOrderExplored(t *testing.T) {
	_, r := runOrders(t, rt.Config{Strategy: "random", Explore: true}, func(rec func(any)) {
		rec(keysOf(intMap(3), rangeSite))
	})
	if e := r.Explore; e.Choices != 1 || e.Orderings != 6 || e.Unexplored != "" {
		t.Errorf("explore %+v, want 1 choice of 3! orderings", e)
	}
	_, r = runOrders(t, rt.Config{Strategy: "random", Explore: true}, func(rec func(any)) {
		rec(keysOf(intMap(5), rangeSite))
	})
	if e := r.Explore; !strings.Contains(e.Unexplored, "map order at "+rangeSite.String()) {
		t.Errorf("explore %+v, want the map order unexplored", e)
	}
}

// maps.Keys, maps.Values, maps.All and (*sync.Map).Range iterate in the
// drawn order too, replayed.
func TestMapOrderSeqs(t *testing.T) {
	m := strMap(10)
	var sm sync.Map
	for k, v := range m {
		sm.Store(k, v)
	}
	body := func(rec func(any)) {
		var ks, vs, all []string
		rt.MapKeys(m, at("MapKeys", ""))(func(k string) bool { ks = append(ks, k); return true })
		rt.MapValues(m, at("MapValues", ""))(func(v int) bool { vs = append(vs, fmt.Sprint(v)); return true })
		rt.MapAll(m, at("MapAll", ""))(func(k string, v int) bool { all = append(all, k); return len(all) < 4 })
		rec(ks)
		rec(vs)
		rec(all)
		var got []string
		rt.SyncMapRange(&sm, func(k, v any) bool {
			got = append(got, k.(string))
			sm.Delete("key-3") // deleted before it is reached, or after
			return true
		}, at("SyncMapRange", ""))
		rec(got)
	}
	first, r := runOrders(t, rt.Config{Strategy: "random", Seed: 3}, body)
	if len(r.Warnings) > 0 || r.Draws == nil || r.Draws.Count != 4 {
		t.Fatalf("warnings %q, draws %+v", r.Warnings, r.Draws)
	}
	if len(strings.Fields(first[0])) != 10 || len(strings.Fields(first[2])) != 4 {
		t.Errorf("keys %s, all %s", first[0], first[2])
	}
	name := writeResult(t, r)
	sm.Store("key-3", 3)
	got, rr := runOrders(t, rt.Config{Strategy: "replay", Replay: name, Seed: 9}, body)
	if len(rr.Warnings) > 0 || !slices.Equal(got, first) {
		t.Errorf("replay: warnings %q, orders %q, want %q", rr.Warnings, got, first)
	}
	// Pass-through: the plain functions.
	n := 0
	rt.MapKeys(m, nil)(func(string) bool { n++; return true })
	sm.Store("key-3", 3)
	rt.SyncMapRange(&sm, func(k, v any) bool { n++; return true }, nil)
	if n != 20 {
		t.Errorf("pass-through: %d entries, want 20", n)
	}
}
