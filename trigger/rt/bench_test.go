package rt_test

import (
	mrand "math/rand/v2"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// benchUnder runs body(b.N) as the test goroutine of an in-process run.
func benchUnder(b *testing.B, strategy rt.Strategy, body func(n int)) {
	benchCfg(b, rt.Config{Strategy: strategy}, body)
}

// benchTraced is benchUnder with the lock-order trace on.
func benchTraced(b *testing.B, strategy rt.Strategy, body func(n int)) {
	benchCfg(b, rt.Config{Strategy: strategy, Trace: filepath.Join(b.TempDir(), "trace")}, body)
}

func benchCfg(b *testing.B, cfg rt.Config, body func(n int)) {
	b.Helper()
	b.ReportAllocs()
	rt.SetVerifySets(false)
	defer rt.SetVerifySets(true)
	cfg.Seed, cfg.Depth, cfg.Steps, cfg.WatchdogMS = 1, 3, 1000, 1000
	r, err := rt.RunScenario(cfg, 10*time.Minute, func() {
		// The result of the previous run (b.N = 1, or the previous
		// -count round) holds its whole schedule: collect it now, or
		// collecting it is timed with this run.
		runtime.GC()
		b.ResetTimer()
		body(b.N)
		b.StopTimer()
	})
	if err != nil || r.Deadlock != nil {
		b.Fatalf("run failed: %v %+v", err, r)
	}
}

var (
	lockSite   = &rt.Site{File: "/bench/x.go", Line: 1, Col: 1, Op: "Lock", Class: "b.mu"}
	unlockSite = &rt.Site{File: "/bench/x.go", Line: 2, Col: 1, Op: "Unlock", Class: "b.mu"}
	goSite     = &rt.Site{File: "/bench/x.go", Line: 3, Col: 1, Op: "Go"}
	sendSite   = &rt.Site{File: "/bench/x.go", Line: 4, Col: 1, Op: "Send"}
	recvSite   = &rt.Site{File: "/bench/x.go", Line: 5, Col: 1, Op: "Recv"}
	wgSite     = &rt.Site{File: "/bench/x.go", Line: 6, Col: 1, Op: "WGWait"}
)

// Lock+Unlock by one goroutine: two operations per iteration.
func lockLoop(n int) {
	var mu sync.Mutex
	for range n {
		rt.Lock(&mu, lockSite)
		rt.Unlock(&mu, unlockSite)
	}
}

// Two goroutines take turns on one mutex, n Lock+Unlock pairs each.
func lockPingPong(n int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		rt.WGAdd(&wg, 1, wgSite)
		rt.Go(goSite, func() {
			defer rt.WGDone(&wg, wgSite)
			for range n / 2 {
				rt.Lock(&mu, lockSite)
				rt.Unlock(&mu, unlockSite)
			}
		})
	}
	rt.WGWait(&wg, wgSite)
}

// n round trips over unbuffered channels.
func chanPingPong(n int) {
	ping, pong := make(chan int), make(chan int)
	rt.Go(goSite, func() {
		for range n {
			rt.Send(pong, rt.Recv(ping, recvSite), sendSite)
		}
	})
	for i := range n {
		rt.Send(ping, i, sendSite)
		rt.Recv(pong, recvSite)
	}
}

func BenchmarkLockUnlockPlainSync(b *testing.B) {
	var mu sync.Mutex
	for range b.N {
		mu.Lock()
		mu.Unlock()
	}
}

func BenchmarkLockUnlockPassThrough(b *testing.B) {
	if rt.Active() {
		b.Skip("a scheduler is installed")
	}
	lockLoop(b.N)
}

func BenchmarkLockUnlockPCT(b *testing.B)      { benchUnder(b, "pct", lockLoop) }
func BenchmarkLockUnlockRandom(b *testing.B)   { benchUnder(b, "random", lockLoop) }
func BenchmarkLockUnlockPCTTrace(b *testing.B) { benchTraced(b, "pct", lockLoop) }

func BenchmarkLockPingPongPlainSync(b *testing.B) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for range b.N / 2 {
				mu.Lock()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

func BenchmarkLockPingPongPCT(b *testing.B)    { benchUnder(b, "pct", lockPingPong) }
func BenchmarkLockPingPongRandom(b *testing.B) { benchUnder(b, "random", lockPingPong) }
func BenchmarkLockPingPongRandomTrace(b *testing.B) {
	benchTraced(b, "random", lockPingPong)
}

func BenchmarkChanPingPongPlain(b *testing.B) {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for range b.N {
			pong <- <-ping
		}
	}()
	for i := range b.N {
		ping <- i
		<-pong
	}
}

func BenchmarkChanPingPongPCT(b *testing.B)    { benchUnder(b, "pct", chanPingPong) }
func BenchmarkChanPingPongRandom(b *testing.B) { benchUnder(b, "random", chanPingPong) }
func BenchmarkChanPingPongRandomTrace(b *testing.B) {
	benchTraced(b, "random", chanPingPong)
}

func BenchmarkGetg(b *testing.B) {
	for range b.N {
		_ = rt.Getg()
	}
}

func BenchmarkStackGoid(b *testing.B) {
	for range b.N {
		_ = rt.StackGoid()
	}
}

// The two ways the token passes between goroutines (handover.go), as
// round trips of two switches each: a coroutine switch, and a channel wake
// of the other goroutine followed by a park on one's own channel.
func BenchmarkHandoverCoro(b *testing.B) {
	if !rt.Coroutines {
		b.Skip("this build has no coroutine handover")
	}
	rt.CoroRoundTrips(b.N)
}

func BenchmarkHandoverChan(b *testing.B) {
	a, c := make(chan struct{}, 1), make(chan struct{}, 1)
	go func() {
		for range b.N {
			<-c
			a <- struct{}{}
		}
	}()
	for range b.N {
		c <- struct{}{}
		<-a
	}
}

// The explored forms: what a controlled run of deadhunt confirm costs
// (every run but replays reports its orderings, explore.go).
func BenchmarkLockPingPongRandomExplore(b *testing.B) {
	benchCfg(b, rt.Config{Strategy: "random", Explore: true}, lockPingPong)
}
func BenchmarkChanPingPongRandomExplore(b *testing.B) {
	benchCfg(b, rt.Config{Strategy: "random", Explore: true}, chanPingPong)
}

// A random draw: the plain call, and under control (the scheduler decides
// the value and records it; no scheduling point). A wide draw and a
// small one.
var (
	drawSite = &rt.Site{File: "/bench/x.go", Line: 6, Col: 1, Op: "RandV2IntN"}
	drawSink uint64
)

func BenchmarkDrawPlain(b *testing.B) {
	for range b.N {
		drawSink += uint64(mrand.IntN(10))
	}
}

func BenchmarkDrawSmall(b *testing.B) {
	benchUnder(b, "random", func(n int) {
		for range n {
			drawSink += uint64(rt.RandV2IntN(10, drawSite))
		}
	})
}

func BenchmarkDrawWidePlain(b *testing.B) {
	for range b.N {
		drawSink += mrand.Uint64()
	}
}

func BenchmarkDrawWide(b *testing.B) {
	benchUnder(b, "random", func(n int) {
		for range n {
			drawSink += rt.RandV2Uint64(drawSite)
		}
	})
}
