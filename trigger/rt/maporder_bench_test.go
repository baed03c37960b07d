package rt_test

import (
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// A range over a map of 1,000 entries: plain, through the runtime outside
// a scheduler (pass-through), and under control (snapshot, canonical
// order, draw, a lookup per entry). The small cases have nothing to order.

var mapSink int

func rangePlain[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			s := 0
			for _, v := range m {
				s += v
			}
			mapSink = s
		}
	}
}

func rangeRT[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			s := 0
			for it, _, v, ok := rt.MapRange(m, rangeSite); ok; _, v, ok = it.Next() {
				s += v
			}
			mapSink = s
		}
	}
}

func rangeRO[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			s := 0
			for it, _, v, ok := rt.MapRangeRO(m, rangeSite); ok; _, v, ok = it.Next() {
				s += v
			}
			mapSink = s
		}
	}
}

func BenchmarkMapRangeIntPlain(b *testing.B) { rangePlain(intMap(1000))(b.N) }
func BenchmarkMapRangeIntPassThrough(b *testing.B) {
	b.ReportAllocs()
	rangeRT(intMap(1000))(b.N)
}
func BenchmarkMapRangeIntControlled(b *testing.B) { benchUnder(b, "random", rangeRT(intMap(1000))) }
func BenchmarkMapRangeStringPlain(b *testing.B)   { rangePlain(strMap(1000))(b.N) }
func BenchmarkMapRangeStringPassThrough(b *testing.B) {
	b.ReportAllocs()
	rangeRT(strMap(1000))(b.N)
}
func BenchmarkMapRangeStringControlled(b *testing.B) { benchUnder(b, "random", rangeRT(strMap(1000))) }

func BenchmarkMapRangeIntROPassThrough(b *testing.B) {
	b.ReportAllocs()
	rangeRO(intMap(1000))(b.N)
}
func BenchmarkMapRangeIntROControlled(b *testing.B) { benchUnder(b, "random", rangeRO(intMap(1000))) }
func BenchmarkMapRangeStringROPassThrough(b *testing.B) {
	b.ReportAllocs()
	rangeRO(strMap(1000))(b.N)
}
func BenchmarkMapRangeStringROControlled(b *testing.B) {
	benchUnder(b, "random", rangeRO(strMap(1000)))
}

// mapUse is a call a loop's body makes on every entry, first thing. If
// the rewriter cannot tell what the callee does (a function value, a
// function of another package), it takes MapRange, which looks each
// value up; mapUse itself, a function of the package that changes no
// map, it takes MapRangeRO for.
//
//go:noinline
func mapUse(v int) { mapSink += v }

func rangePlainCall[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			for _, v := range m {
				mapUse(v)
			}
		}
	}
}

// rangeCall is what the rewriter makes of rangePlainCall's loop.
func rangeCall[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			for it, _, v, ok := rt.MapRange(m, rangeSite); ok; _, v, ok = it.Next() {
				mapUse(v)
			}
		}
	}
}

// rangeCallRO is what the rewriter makes of rangePlainCall's loop when it
// sees that mapUse changes no map.
func rangeCallRO[K comparable](m map[K]int) func(n int) {
	return func(n int) {
		for range n {
			for it, _, v, ok := rt.MapRangeRO(m, rangeSite); ok; _, v, ok = it.Next() {
				mapUse(v)
			}
		}
	}
}

// The ratio of a range through the runtime to a plain one, each timed in
// turn inside one run (a loaded machine slows both alike): under control,
// or outside a scheduler (pass). The body: none, with the values taken
// with the keys ("ro": what the rewriter makes of a body that changes no
// map), none but every value looked up ("lookup": the floor of a body
// that may change a map on every entry), or a call on every entry
// ("call", plain and controlled alike; "callro" where the rewriter sees
// that the callee changes no map).
func benchRatio[K comparable](b *testing.B, m map[K]int, body string, pass bool) {
	plain, ctl := rangePlain(m), rangeRT(m)
	switch body {
	case "ro":
		ctl = rangeRO(m)
	case "call":
		plain, ctl = rangePlainCall(m), rangeCall(m)
	case "callro":
		plain, ctl = rangePlainCall(m), rangeCallRO(m)
	}
	var tp, tc time.Duration
	run := func(n int) {
		for range n {
			t0 := time.Now()
			plain(1)
			t1 := time.Now()
			ctl(1)
			tp, tc = tp+t1.Sub(t0), tc+time.Since(t1)
		}
	}
	if pass { // outside a scheduler
		run(b.N)
	} else {
		benchUnder(b, "random", run)
	}
	b.ReportMetric(float64(tp.Nanoseconds())/float64(b.N), "plain-ns/op")
	b.ReportMetric(float64(tc.Nanoseconds())/float64(b.N), "controlled-ns/op")
	b.ReportMetric(float64(tc)/float64(tp), "x-plain")
}

func BenchmarkMapRangeRatioInt(b *testing.B)        { benchRatio(b, intMap(1000), "lookup", false) }
func BenchmarkMapRangeRatioIntRO(b *testing.B)      { benchRatio(b, intMap(1000), "ro", false) }
func BenchmarkMapRangeRatioIntCall(b *testing.B)    { benchRatio(b, intMap(1000), "call", false) }
func BenchmarkMapRangeRatioIntCallRO(b *testing.B)  { benchRatio(b, intMap(1000), "callro", false) }
func BenchmarkMapRangeRatioString(b *testing.B)     { benchRatio(b, strMap(1000), "lookup", false) }
func BenchmarkMapRangeRatioStringRO(b *testing.B)   { benchRatio(b, strMap(1000), "ro", false) }
func BenchmarkMapRangeRatioStringCall(b *testing.B) { benchRatio(b, strMap(1000), "call", false) }
func BenchmarkMapRangeRatioStringCallRO(b *testing.B) {
	benchRatio(b, strMap(1000), "callro", false)
}
func BenchmarkMapRangeRatioIntPassThrough(b *testing.B) {
	benchRatio(b, intMap(1000), "lookup", true)
}
func BenchmarkMapRangeRatioIntROPassThrough(b *testing.B) {
	benchRatio(b, intMap(1000), "ro", true)
}

// Small maps: nothing to order under two entries (no draw).
func BenchmarkMapRangeInt0Plain(b *testing.B)      { rangePlain(intMap(0))(b.N) }
func BenchmarkMapRangeInt0Controlled(b *testing.B) { benchUnder(b, "random", rangeRT(intMap(0))) }
func BenchmarkMapRangeInt1Plain(b *testing.B)      { rangePlain(intMap(1))(b.N) }
func BenchmarkMapRangeInt1Controlled(b *testing.B) { benchUnder(b, "random", rangeRT(intMap(1))) }
func BenchmarkMapRangeInt8Plain(b *testing.B)      { rangePlain(intMap(8))(b.N) }
func BenchmarkMapRangeInt8Controlled(b *testing.B) { benchUnder(b, "random", rangeRT(intMap(8))) }
