package rt_test

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

var (
	sleepSite = &rt.Site{File: "/bench/x.go", Line: 7, Col: 1, Op: "Sleep"}
	doneSite  = &rt.Site{File: "/bench/x.go", Line: 8, Col: 1, Op: "WGDone"}
)

// sleepers starts n goroutines that each sleep d and count themselves,
// and waits for them (ants' TestAntsPool in small).
func sleepers(n int, d time.Duration, count *atomic.Int64) {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, n, wgSite)
	for range n {
		rt.Go(goSite, func() {
			defer rt.WGDone(&wg, doneSite)
			rt.Sleep(d, sleepSite)
			count.Add(1)
		})
	}
	rt.WGWait(&wg, wgSite)
}

// TestManySleepers: 20,000 goroutines that each sleep all run to the end
// (the decision cost does not grow with the number of sleepers).
func TestManySleepers(t *testing.T) {
	const n = 20000
	var count atomic.Int64
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000}, 2*time.Minute, func() {
		sleepers(n, 10*time.Millisecond, &count)
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r.Deadlock)
	}
	if count.Load() != n || r.Goroutines != n+1 {
		t.Errorf("%d goroutines of %d ran to the end (%d managed)", count.Load(), n, r.Goroutines)
	}
}

// BenchmarkSleepers: n goroutines each sleep 10 ms; the figure that
// matters is ns/goroutine, which should not grow with n.
func BenchmarkSleepers(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var count atomic.Int64
			start := time.Now()
			benchCfg(b, rt.Config{Strategy: "random"}, func(iters int) {
				start = time.Now()
				for range iters {
					sleepers(n, 10*time.Millisecond, &count)
				}
			})
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*n), "ns/goroutine")
		})
	}
}

// BenchmarkBlockedLockUnlock: Lock+Unlock pairs (ns/op, 2 scheduling
// points) while n other goroutines are blocked on channels; the cost per
// pair should not grow with n.
func BenchmarkBlockedLockUnlock(b *testing.B) {
	for _, n := range []int{0, 1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.StopTimer()
			rt.SetVerifySets(false)
			defer rt.SetVerifySets(true)
			// random, not pct: under pct the test goroutine may start
			// all n before any runs, and a decision among n enabled
			// goroutines costs O(n).
			cfg := rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000}
			r, err := rt.RunScenario(cfg, 10*time.Minute, func() {
				chans := make([]chan int, n)
				var wg, ready sync.WaitGroup
				rt.WGAdd(&wg, n, wgSite)
				rt.WGAdd(&ready, n, wgSite)
				for i := range chans {
					chans[i] = make(chan int)
					rt.Go(goSite, func() {
						defer rt.WGDone(&wg, doneSite)
						rt.WGDone(&ready, doneSite)
						rt.Recv(chans[i], recvSite)
					})
				}
				rt.WGWait(&ready, wgSite) // every receiver is at its Recv
				var mu sync.Mutex
				b.StartTimer()
				for range b.N {
					rt.Lock(&mu, lockSite)
					rt.Unlock(&mu, unlockSite)
				}
				b.StopTimer()
				for _, c := range chans {
					rt.Close(c, sendSite)
				}
				rt.WGWait(&wg, wgSite)
			})
			if err != nil || r.Deadlock != nil {
				b.Fatalf("run failed: %v %+v", err, r)
			}
		})
	}
}

// BenchmarkManyEnabled: n goroutines wait for one start signal, then
// each takes and releases a mutex of its own in a loop, so that about n
// are enabled at every decision (ants' and pond's pools: thousands of
// workers at once). ns/step is the cost of a decision among about n; it
// should not grow with n (enset.go, the strategies' own structures).
func BenchmarkManyEnabled(b *testing.B) {
	for _, cfg := range []rt.Config{{Strategy: "random"}, {Strategy: "pct"}} {
		for _, n := range []int{10, 100, 1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/%d", cfg.Strategy, n), func(b *testing.B) {
				const pairs = 10
				var steps int
				benchCfg(b, cfg, func(iters int) {
					var wg sync.WaitGroup
					for range iters {
						start := make(chan int)
						rt.WGAdd(&wg, n, wgSite)
						for range n {
							rt.Go(goSite, func() {
								defer rt.WGDone(&wg, doneSite)
								rt.Recv(start, recvSite)
								var mu sync.Mutex
								for range pairs {
									rt.Lock(&mu, lockSite)
									rt.Unlock(&mu, unlockSite)
								}
							})
						}
						rt.Close(start, sendSite)
						rt.WGWait(&wg, wgSite)
					}
					steps = iters * (n*(2*pairs+4) + 2)
				})
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
			})
		}
	}
}

// BenchmarkManyWaiters: n goroutines wait on one WaitGroup, released by
// one Done; per waiter. Each Wait that completes must not send the other
// waiters back to be evaluated again (quadratic in n).
func BenchmarkManyWaiters(b *testing.B) {
	for _, n := range []int{100, 1000, 4000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			benchCfg(b, rt.Config{Strategy: "random"}, func(iters int) {
				for range iters {
					var gate, all sync.WaitGroup
					rt.WGAdd(&gate, 1, wgSite)
					rt.WGAdd(&all, n, wgSite)
					for range n {
						rt.Go(goSite, func() {
							rt.WGWait(&gate, wgSite)
							rt.WGDone(&all, doneSite)
						})
					}
					rt.WGDone(&gate, doneSite)
					rt.WGWait(&all, wgSite)
				}
			})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/waiter")
		})
	}
}

// BenchmarkManyLockers: n goroutines released at once each take one
// mutex once; per goroutine. Every hand-off still moves each waiter out
// of the enabled place and back: quadratic in n, though entering and
// leaving the strategies' structures costs O(1) (issue 31's open item).
func BenchmarkManyLockers(b *testing.B) {
	for _, strat := range []rt.Strategy{"random", "pct"} {
		for _, n := range []int{100, 1000, 4000} {
			b.Run(fmt.Sprintf("%s/%d", strat, n), func(b *testing.B) { benchLockers(b, strat, n) })
		}
	}
}

func benchLockers(b *testing.B, strat rt.Strategy, n int) {
	benchCfg(b, rt.Config{Strategy: strat}, func(iters int) {
		for range iters {
			var all sync.WaitGroup
			var mu sync.Mutex
			start := make(chan int)
			rt.WGAdd(&all, n, wgSite)
			for range n {
				rt.Go(goSite, func() {
					rt.Recv(start, recvSite)
					rt.Lock(&mu, lockSite)
					rt.Unlock(&mu, unlockSite)
					rt.WGDone(&all, doneSite)
				})
			}
			rt.Close(start, sendSite)
			rt.WGWait(&all, wgSite)
		}
	})
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/locker")
}
