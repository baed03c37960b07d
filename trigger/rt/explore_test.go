package rt_test

import (
	"context"
	"math"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// exploreRuns runs body under random seeds 1..n with exploring on and
// returns each run's report.
func exploreRuns(t *testing.T, n int, body func()) []*rt.Result {
	t.Helper()
	var rs []*rt.Result
	for seed := uint64(1); seed <= uint64(n); seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 1000, Explore: true}, 10*time.Second, body)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock != nil || r.Explore == nil {
			t.Fatalf("seed %d: deadlock %v, explore %v", seed, r.Deadlock, r.Explore)
		}
		rs = append(rs, r)
	}
	return rs
}

// distinct counts the runs' distinct signatures, checking that every run
// reports the same shape and bound.
func distinct(t *testing.T, rs []*rt.Result) (signatures int, orderings float64) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range rs {
		e := r.Explore
		if e.Shape != rs[0].Explore.Shape || e.Orderings != rs[0].Explore.Orderings {
			t.Fatalf("runs differ in shape or bound: %+v against %+v", e, rs[0].Explore)
		}
		seen[e.Signature] = true
	}
	return len(seen), rs[0].Explore.Orderings
}

// lockTwice: two goroutines take one shared mutex twice each; the test
// waits for both.
func lockTwice(goroutines, times int) func() {
	return func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		n := 0
		for range goroutines {
			rt.WGGo(&wg, func() {
				for range times {
					rt.Lock(&mu, at("Lock", "p.mu"))
					n++
					rt.Unlock(&mu, at("Unlock", "p.mu"))
				}
			}, at("WGGo", ""))
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
}

// TestExploreCountsLockOrderings: the orderings of the critical sections
// of two goroutines taking one mutex twice each are the interleavings of
// A1 A2 with B1 B2: 4!/(2!·2!) = 6 (AABB ABAB ABBA BAAB BABA BBAA). Each
// run reports that bound, and the runs show exactly 6 distinct
// signatures: every ordering is reachable and none is counted twice. The
// same for three goroutines taking it once (3! = 6; the last-created
// goroutine first is rare under random walk: about 1 run in 60) and two
// taking it three times (6!/(3!·3!) = 20).
func TestExploreCountsLockOrderings(t *testing.T) {
	for _, c := range []struct {
		name              string
		goroutines, times int
		want              float64
	}{
		{"two goroutines twice", 2, 2, 6},
		{"three goroutines once", 3, 1, 6},
		{"two goroutines three times", 2, 3, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			sigs, n := distinct(t, exploreRuns(t, 1000, lockTwice(c.goroutines, c.times)))
			if n != c.want || float64(sigs) != c.want {
				t.Errorf("bound %v, %d distinct signatures in 1000 runs; want %v of each", n, sigs, c.want)
			}
		})
	}
}

// TestExploreShareNothing: goroutines that each lock their own mutex and
// hand their result to the test over their own channel share nothing but
// forced orders: one ordering, whatever the seed.
func TestExploreShareNothing(t *testing.T) {
	body := func() {
		var wg sync.WaitGroup
		for range 3 {
			ch := make(chan int)
			rt.Go(at("Go", ""), func() {
				var mu sync.Mutex
				for i := range 3 {
					rt.Lock(&mu, at("Lock", "p.mu"))
					rt.Unlock(&mu, at("Unlock", "p.mu"))
					rt.Send(ch, i, at("Send", ""))
				}
				rt.Close(ch, at("Close", ""))
			})
			rt.WGGo(&wg, func() {
				for {
					if _, ok := rt.Recv2(ch, at("Recv", "")); !ok {
						return
					}
				}
			}, at("WGGo", ""))
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
	rs := exploreRuns(t, 20, body)
	sigs, n := distinct(t, rs)
	if e := rs[0].Explore; n != 1 || sigs != 1 || e.Ordered != 0 || e.Shared == 0 || e.Uncounted != "" {
		t.Errorf("report %+v, %d signatures; want 1 ordering, shared objects all forced", e, sigs)
	}
}

// TestExploreUncounted: a select over a channel two goroutines use cannot
// be counted; the report says why and bounds nothing.
func TestExploreUncounted(t *testing.T) {
	body := func() {
		ch := make(chan int, 1)
		rt.Go(at("Go", ""), func() { rt.Send(ch, 1, at("Send", "")) })
		var v int
		rt.Select(at("Select", ""), true, rt.RecvCase(ch, &v, nil))
	}
	rs := exploreRuns(t, 3, body)
	if e := rs[0].Explore; e.Orderings != 0 || e.Uncounted == "" {
		t.Errorf("report %+v; want no bound and a reason", e)
	}
}

// TestExploreOffByDefault: a run that does not ask reports nothing (the
// scheduler's hot path keeps no record).
func TestExploreOffByDefault(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000}, 10*time.Second, lockTwice(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	if r.Explore != nil {
		t.Errorf("explore report %+v without asking", r.Explore)
	}
}

// TestExploreDeadline: the senddeadline look-alike: a worker sleeps as
// long as the test's deadline and checks ctx.Err before its send. Whether
// the deadline fired first is read without a scheduling point, so a run
// in which a deadline fires bounds nothing ("no interleaving" would be
// wrong: some runs send, some drop the answer). The same for a
// cancellation instead of the deadline.
func TestExploreDeadline(t *testing.T) {
	body := func(cancelFirst bool) func() {
		return func() {
			d := time.Millisecond
			if cancelFirst {
				d = time.Hour
			}
			ctx, cancel := rt.WithTimeout(context.Background(), d, at("WithTimeout", ""))
			answer := make(chan string)
			rt.Go(at("Go", ""), func() {
				defer rt.Close(answer, at("Close", ""))
				rt.Sleep(time.Millisecond, at("Sleep", ""))
				if ctx.Err() != nil {
					return
				}
				rt.Send(answer, "ok", at("Send", ""))
			})
			if cancelFirst {
				cancel()
			}
			rt.Recv2(answer, at("Recv", ""))
		}
	}
	for _, cancelFirst := range []bool{false, true} {
		for _, r := range exploreRuns(t, 5, body(cancelFirst)) {
			if e := r.Explore; e.Orderings != 0 || e.Uncounted == "" {
				t.Fatalf("cancel %v: report %+v; want no bound", cancelFirst, e)
			}
		}
	}
}

// TestScheduleIfDeadlock: asked to, a run without a deadlock reports no
// schedule (its steps still counted); a deadlocked run keeps its schedule
// for the replay.
func TestScheduleIfDeadlock(t *testing.T) {
	cfg := rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000, ScheduleIfDeadlock: true}
	r, err := rt.RunScenario(cfg, 10*time.Second, lockTwice(2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock != nil || len(r.Schedule) != 0 || r.Steps == 0 {
		t.Errorf("passing run: deadlock %v, %d scheduled steps of %d; want none of them", r.Deadlock, len(r.Schedule), r.Steps)
	}
	r, err = rt.RunScenario(cfg, 10*time.Second, doubleLock)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock == nil || len(r.Schedule) != r.Steps {
		t.Errorf("deadlocked run: deadlock %v, %d scheduled steps of %d; want all", r.Deadlock, len(r.Schedule), r.Steps)
	}
}

// TestExploreCancelAlone: a cancellation once the other goroutines ended
// (a test's deferred cancel) races with nothing: one ordering.
func TestExploreCancelAlone(t *testing.T) {
	body := func() {
		ctx, cancel := rt.WithCancel(context.Background(), at("WithCancel", ""))
		var wg sync.WaitGroup
		rt.WGGo(&wg, func() { _ = ctx.Err() }, at("WGGo", ""))
		rt.WGWait(&wg, at("WGWait", ""))
		cancel()
	}
	for _, r := range exploreRuns(t, 5, body) {
		if e := r.Explore; e.Orderings != 1 || e.Uncounted != "" {
			t.Fatalf("report %+v; want one ordering", e)
		}
	}
}

// BenchmarkLockExplore is BenchmarkLock's loop with the explore report on:
// its cost per operation (compare with benchUnder's random run).
func BenchmarkLockExplore(b *testing.B) {
	b.Run("off", func(b *testing.B) { benchCfg(b, rt.Config{Strategy: "random"}, lockLoop) })
	b.Run("on", func(b *testing.B) { benchCfg(b, rt.Config{Strategy: "random", Explore: true}, lockLoop) })
}

// TestExploreSelect: a select over a channel another goroutine sends on
// and a quit channel no one uses is a receive: counted (one sender, one
// receiver: forced). Over two channels that both carry values, its choice
// depends on the interleaving: not counted.
func TestExploreSelect(t *testing.T) {
	body := func(twoActive bool) func() {
		return func() {
			work, quit := make(chan int, 1), make(chan int, 1)
			rt.Go(at("Go", ""), func() { rt.Send(work, 1, at("Send", "")) })
			if twoActive {
				rt.Send(quit, 1, at("Send", ""))
			}
			var v int
			rt.Select(at("Select", ""), false, rt.RecvCase(work, &v, nil), rt.RecvCase(quit, &v, nil))
		}
	}
	for _, r := range exploreRuns(t, 5, body(false)) {
		if e := r.Explore; e.Orderings != 1 || e.Uncounted != "" {
			t.Fatalf("one ready channel: report %+v; want one ordering", e)
		}
	}
	for _, r := range exploreRuns(t, 5, body(true)) {
		if e := r.Explore; e.Orderings != 0 || e.Uncounted == "" {
			t.Fatalf("two ready channels: report %+v; want no bound", e)
		}
	}
}

// TestExploreOneAfterAnother: goroutines that share a mutex but run one
// after another (the test starts each and waits for its answer before
// going on) leave one ordering, though the mutex's counts would allow
// 4!/(2!·1!·1!) = 12. Over a buffered channel no decision has an
// alternative; over an unbuffered one the sender's return and the test's
// next step are alternatives, and the vector clocks show each acquisition
// ordered after the previous one by the handoff.
func TestExploreOneAfterAnother(t *testing.T) {
	body := func(size int) func() {
		return func() {
			var mu sync.Mutex
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
			for range 2 {
				done := make(chan bool, size)
				rt.Go(at("Go", ""), func() {
					rt.Lock(&mu, at("Lock", "p.mu"))
					rt.Unlock(&mu, at("Unlock", "p.mu"))
					rt.Send(done, true, at("Send", ""))
				})
				rt.Recv(done, at("Recv", ""))
			}
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
	}
	for _, size := range []int{1, 0} {
		for _, r := range exploreRuns(t, 5, body(size)) {
			if e := r.Explore; e.Orderings != 1 || e.Shared == 0 || e.Uncounted != "" {
				t.Fatalf("buffer %d: report %+v; want one ordering of a shared mutex", size, e)
			}
		}
	}
}

// manyLockers is golang-lru's TestLRUConcurrency: 1,000 goroutines take
// one lock once each and are waited for.
func manyLockers() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1000, manySites[0])
	for i := 0; i < 1000; i++ {
		rt.Go(manySites[1], func() {
			rt.Lock(&mu, manySites[2])
			rt.Unlock(&mu, manySites[3])
			rt.WGDone(&wg, manySites[4])
		})
	}
	rt.WGWait(&wg, manySites[5])
}

var manySites = []*rt.Site{at("Add", ""), at("Go", ""), at("Lock", "(*p.T).mu"), at("Unlock", "(*p.T).mu"), at("Done", ""), at("Wait", "")}

// BenchmarkManyGoroutinesExplore: one run of manyLockers, with and
// without the explore report (its vector clocks grow with the
// goroutines).
func BenchmarkManyGoroutinesExplore(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := map[bool]string{false: "off", true: "on"}[on]
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: uint64(i), WatchdogMS: 1000, Explore: on}, 10*time.Second, manyLockers); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fanOut starts n goroutines that each run each and count themselves
// done on one WaitGroup, and waits for them.
func fanOut(n int, each func()) {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, n, manySites[0])
	for i := 0; i < n; i++ {
		rt.Go(manySites[1], func() {
			each()
			rt.WGDone(&wg, manySites[4])
		})
	}
	rt.WGWait(&wg, manySites[5])
}

// TestExploreManyRaced: goroutines that each take one lock once, in no
// forced order, have n! orderings: counted exactly for 17 (17! < 1e15),
// too many to count for 18 and for 1,000 (the clocks are dropped once
// the 18th goroutine takes the raced lock; the report is the same).
func TestExploreManyRaced(t *testing.T) {
	body := func(n int) func() {
		return func() {
			var mu sync.Mutex
			fanOut(n, func() {
				rt.Lock(&mu, manySites[2])
				rt.Unlock(&mu, manySites[3])
			})
		}
	}
	for _, c := range []struct {
		n    int
		want float64
	}{{17, 355687428096000}, {18, 0}, {1000, 0}} {
		for _, r := range exploreRuns(t, 3, body(c.n)) {
			if e := r.Explore; math.Abs(e.Orderings-c.want) > 1e-9*c.want || e.Uncounted != "" || e.Shared != 2 {
				t.Errorf("%d goroutines: %+v, want %g orderings", c.n, e, c.want)
			}
		}
	}
}

// TestExploreManyGoroutines: a test that starts thousands of goroutines
// joined by one WaitGroup keeps its orderings counted, without vector
// clocks as long as the goroutines are many (they are dropped at the
// 1024th goroutine; kept, they would take n²/2 entries).
func TestExploreManyGoroutines(t *testing.T) {
	body := func(n int) func() {
		return func() {
			var mu sync.Mutex
			fanOut(n, func() {})
			rt.Lock(&mu, manySites[2])
			rt.Unlock(&mu, manySites[3])
		}
	}
	for _, n := range []int{10, 5000} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rs := exploreRuns(t, 1, body(n))
		runtime.ReadMemStats(&after)
		if e := rs[0].Explore; e.Orderings != 1 || e.Uncounted != "" {
			t.Errorf("%d goroutines: %+v, want 1 ordering", n, e)
		}
		mb := float64(after.TotalAlloc-before.TotalAlloc) / (1 << 20)
		t.Logf("%d goroutines: %.1f MB", n, mb)
		if mb > 24 {
			t.Errorf("%d goroutines: the run allocated %.0f MB", n, mb)
		}
	}
}

// TestExploreDeadlineSignature: where a deadline fires among the
// goroutines' operations enters the signature, though the orderings stay
// uncounted: runs in which the worker saw the deadline and dropped its
// answer never share a signature with runs in which it sent, so the
// driver's estimate of unseen orderings does not take them for repeats. A
// run whose worker, due with the deadline, answered before it fired has
// one ordering.
func TestExploreDeadlineSignature(t *testing.T) {
	var sent bool
	body := func() {
		sent = false
		ctx, cancel := rt.WithTimeout(context.Background(), time.Millisecond, at("WithTimeout", ""))
		defer cancel()
		answer := make(chan string, 1)
		rt.Go(at("Go", ""), func() {
			defer rt.Close(answer, at("Close", ""))
			rt.Sleep(time.Millisecond, at("Sleep", ""))
			if ctx.Err() != nil {
				return
			}
			rt.Send(answer, "ok", at("Send", ""))
		})
		_, sent = rt.Recv2(answer, at("Recv", ""))
	}
	bySig := map[string]bool{}
	kinds := map[bool]int{}
	for seed := uint64(1); seed <= 30; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 1000, Explore: true}, 10*time.Second, body)
		if err != nil {
			t.Fatal(err)
		}
		e := r.Explore
		switch {
		case e == nil:
			t.Fatalf("seed %d: no report", seed)
		case e.Uncounted == "" && (!sent || e.Orderings != 1):
			// the worker's sleep, due with the deadline, ended first and
			// its answer came before the deadline fired: one ordering
			t.Fatalf("seed %d: report %+v, sent %v; want no bound, or one ordering of a run that sent", seed, e, sent)
		case e.Uncounted != "" && e.Orderings != 0:
			t.Fatalf("seed %d: report %+v; want no bound", seed, e)
		}
		kinds[sent]++
		if was, ok := bySig[e.Signature]; ok && was != sent {
			t.Fatalf("seed %d: signature %s for a run that sent (%v) and one that did not", seed, e.Signature, sent)
		}
		bySig[e.Signature] = sent
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Errorf("30 seeds: %d sent, %d dropped; want both (the scenario no longer races)", kinds[true], kinds[false])
	}
}

// TestExploreCutOverFinished: a cut (a deadline fired, a context
// cancelled) sums a part per goroutine; the finished goroutines' parts
// are kept summed, so that a test starting thousands of goroutines one
// after another, each followed by a cancellation, is not quadratic. The
// kept sum must equal the sum over every goroutine at each cut (the
// check panics otherwise), with goroutines finishing, blocked, outside
// instrumented code and coming back; and runs that order alike still
// share a signature.
func TestExploreCutOverFinished(t *testing.T) {
	rt.CheckCutSums(true)
	defer rt.CheckCutSums(false)
	body := func() {
		outside := make(chan int)
		rt.Go(at("Go", "outside"), func() {
			rt.GoOutside()
			time.Sleep(5 * time.Millisecond) // real time: uninstrumented
			rt.Send(outside, 1, at("Send", "outside"))
		})
		for i := range 40 {
			ctx, cancel := rt.WithCancel(context.Background(), at("WithCancel", ""))
			done := make(chan bool, 1)
			rt.Go(at("Go", "worker"), func() {
				rt.Send(done, ctx.Err() == nil, at("Send", "worker"))
			})
			if i%4 == 0 {
				rt.Recv(done, at("Recv", "worker"))
			}
			cancel()
			tm := rt.NewTimer(time.Microsecond, at("NewTimer", ""))
			rt.Recv(tm.C, at("Recv", "timer"))
		}
		rt.Recv(outside, at("Recv", "outside"))
	}
	for seed := uint64(1); seed <= 3; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 5, Explore: true}, 10*time.Second, body)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock != nil || r.Explore == nil || r.Explore.Uncounted == "" {
			t.Fatalf("seed %d: deadlock %v, explore %+v; want a run with cuts", seed, r.Deadlock, r.Explore)
		}
	}
}
