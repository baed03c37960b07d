package rt_test

import (
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// Creation sites of the draining scenario's goroutines.
var (
	drainShutdown = &rt.Site{File: "/d/d_test.go", Line: 10, Col: 2, Op: "Go"}
	drainAccept   = &rt.Site{File: "/d/d_test.go", Line: 11, Col: 2, Op: "Go"}
	drainStats    = &rt.Site{File: "/d/d_test.go", Line: 12, Col: 2, Op: "Go"}
	drainInner1   = &rt.Site{File: "/d/d.go", Line: 20, Col: 3, Op: "Lock", Class: "d.statsMu"}
	drainInner2   = &rt.Site{File: "/d/d.go", Line: 30, Col: 3, Op: "Lock", Class: "d.mu"}
)

func init() { scenarios["draining"] = draining }

// draining (as the corpus case deadlock/draining): accept nests mu then
// statsMu only once shutdown has set the flag under mu; stats nests
// statsMu then mu. Shutdown is not on the cycle but must run first.
func draining() {
	var mu, statsMu sync.Mutex
	draining := false
	rt.Go(drainShutdown, func() {
		rt.Lock(&mu, at("Lock", "d.mu"))
		draining = true
		rt.Unlock(&mu, at("Unlock", "d.mu"))
	})
	rt.Go(drainAccept, func() {
		rt.Lock(&mu, at("Lock", "d.mu"))
		if draining {
			rt.Lock(&statsMu, drainInner1)
			rt.Unlock(&statsMu, at("Unlock", "d.statsMu"))
		}
		rt.Unlock(&mu, at("Unlock", "d.mu"))
	})
	rt.Go(drainStats, func() {
		rt.Lock(&statsMu, at("Lock", "d.statsMu"))
		rt.Lock(&mu, drainInner2)
		rt.Unlock(&mu, at("Unlock", "d.mu"))
		rt.Unlock(&statsMu, at("Unlock", "d.statsMu"))
	})
}

// TestDirectedThreadBounding: ordering only the cycle's two goroutines,
// with the test goroutine and shutdown above them, leaves no ordering
// constraint to chance but the cycle's own: shutdown always runs before
// the cycle's goroutines and the deadlock is hit in most seeds, more
// often than when all four goroutines are ordered.
func TestDirectedThreadBounding(t *testing.T) {
	const seeds = 40
	sites := []string{drainInner1.String(), drainInner2.String()}
	cfg := rt.Config{Strategy: "directed", Depth: 3, Steps: 2, Radius: 2, Goroutines: 4, Target: &rt.Targets{Sites: sites}}
	_, all := hunt(t, cfg, "draining", seeds)
	cfg.Goroutines = 2
	cfg.Target.Goroutines = []string{drainAccept.String(), drainStats.String()}
	_, bounded := hunt(t, cfg, "draining", seeds)
	t.Logf("deadlocks in %d seeds: every goroutine ordered %d, thread bounding %d", seeds, all, bounded)
	if bounded < seeds*9/10 || bounded <= all {
		t.Errorf("thread bounding %d/%d, every goroutine ordered %d/%d", bounded, seeds, all, seeds)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		cfg.Seed = seed
		r := run(t, cfg, "draining")
		checkShutdownFirst(t, seed, r.Schedule)
	}
}

// checkShutdownFirst checks that goroutine 2 (shutdown, not a target)
// takes all its steps before goroutines 3 and 4 take any beyond their
// start, and that no change point falls on goroutines 1 or 2.
func checkShutdownFirst(t *testing.T, seed uint64, steps []rt.StepRec) {
	t.Helper()
	last, firstTarget := -1, len(steps)
	for i, s := range steps {
		switch {
		case s.Goroutine <= 2 && s.Change:
			t.Errorf("seed %d: change point on non-target goroutine %d at step %d", seed, s.Goroutine, i)
		case s.Goroutine == 2:
			last = i
		case s.Goroutine >= 3 && s.Op != "Start" && i < firstTarget:
			firstTarget = i
		}
	}
	if last < 0 || last > firstTarget {
		t.Errorf("seed %d: shutdown's last step %d after the first target step %d", seed, last, firstTarget)
	}
}

// Sites of the flusher scenario.
var (
	flushGo     = &rt.Site{File: "/f/f_test.go", Line: 10, Col: 2, Op: "Go"}
	flushCompGo = &rt.Site{File: "/f/f_test.go", Line: 15, Col: 2, Op: "Go"}
	flushOuter  = &rt.Site{File: "/f/f.go", Line: 26, Col: 3, Op: "Lock", Class: "f.mu"}
	flushInner  = &rt.Site{File: "/f/f.go", Line: 31, Col: 3, Op: "Lock", Class: "f.fileMu"}
	compOuter   = &rt.Site{File: "/f/f.go", Line: 39, Col: 3, Op: "Lock", Class: "f.fileMu"}
	compInner   = &rt.Site{File: "/f/f.go", Line: 42, Col: 3, Op: "Lock", Class: "f.mu"}
)

func init() { scenarios["flusher"] = flusher }

// flusher (as the corpus case deadlock/flusher): two flush rounds nest mu
// then fileMu only when an append made the buffer dirty; the other
// goroutine appends, then nests fileMu then mu.
func flusher() {
	var mu, fileMu sync.Mutex
	dirty := false
	rt.Go(flushGo, func() {
		for range 2 {
			rt.Lock(&mu, flushOuter)
			if dirty {
				rt.Lock(&fileMu, flushInner)
				rt.Unlock(&fileMu, at("Unlock", "f.fileMu"))
				dirty = false
			}
			rt.Unlock(&mu, at("Unlock", "f.mu"))
		}
	})
	rt.Go(flushCompGo, func() {
		rt.Lock(&mu, at("Lock", "f.mu"))
		dirty = true
		rt.Unlock(&mu, at("Unlock", "f.mu"))
		rt.Lock(&fileMu, compOuter)
		rt.Lock(&mu, compInner)
		rt.Unlock(&mu, at("Unlock", "f.mu"))
		rt.Unlock(&fileMu, at("Unlock", "f.fileMu"))
	})
}

// TestDirectedHeldSites: in flusher the goroutine that flushes first
// finds a clean buffer twice unless it is delayed before taking mu; the
// inner sites' change points cannot delay it, one at the held sites can.
func TestDirectedHeldSites(t *testing.T) {
	const seeds = 40
	tg := rt.Targets{Sites: []string{flushInner.String(), compInner.String()}, Goroutines: []string{flushGo.String(), flushCompGo.String()}}
	cfg := rt.Config{Strategy: "directed", Depth: 3, Steps: 2, Radius: 2, Goroutines: 2, Target: &tg}
	_, inner := hunt(t, cfg, "flusher", seeds)
	cfg.Depth = 4
	cfg.Target.HeldSites = []string{flushOuter.String(), compOuter.String()}
	cfg.Target.HeldSteps = 3
	_, held := hunt(t, cfg, "flusher", seeds)
	t.Logf("deadlocks in %d seeds: inner sites only %d, one point at the held sites %d", seeds, inner, held)
	if held <= inner || held < seeds*3/4 {
		t.Errorf("with a held-site point %d/%d, inner sites only %d/%d", held, seeds, inner, seeds)
	}
}

// Sites of the heldpartner scenario.
var (
	hpSend = &rt.Site{File: "/h/h.go", Line: 12, Col: 4, Op: "Send"}
	hpSel  = &rt.Site{File: "/h/h.go", Line: 20, Col: 3, Op: "Select"}
)

func init() { scenarios["heldpartner"] = heldPartner }

// heldPartner: a sender, once started, sends on an unbuffered channel; a
// consumer waits for the start, closes quit and selects between the
// channel and quit, the channel first. With the sender held at its send,
// both cases are ready at the select.
func heldPartner() {
	ch, started, quit := make(chan int), make(chan struct{}), make(chan struct{})
	rt.Go(at("Go", ""), func() {
		rt.Close(started, at("Close", ""))
		rt.Send(ch, 1, hpSend)
	})
	rt.Go(at("Go", ""), func() {
		rt.Recv(started, at("Recv", ""))
		rt.Close(quit, at("Close", ""))
		rt.Select(hpSel, false, rt.RecvCase(ch, nil, nil), rt.RecvCase(quit, nil, nil))
	})
}

// TestDirectedHeldPartner: a partner held at a Postpone site has not
// arrived yet, so a select with another case ready takes that one, in
// every seed (the draw modes alone take the held sender's case in some),
// and the choice replays.
func TestDirectedHeldPartner(t *testing.T) {
	cfg := rt.Config{Strategy: "directed", Depth: 2, Steps: 1, Radius: 2, Goroutines: 3,
		Target: &rt.Targets{Sites: []string{hpSend.String()}, Postpone: []string{hpSend.String()}}}
	for seed := uint64(1); seed <= 6; seed++ {
		cfg.Seed = seed
		r := run(t, cfg, "heldpartner")
		if r.Deadlock == nil || r.Deadlock.Kind != "blocked" {
			t.Fatalf("seed %d: deadlock %+v, want the sender blocked", seed, r.Deadlock)
		}
		name := writeResult(t, r)
		rr := run(t, rt.Config{Strategy: "replay", Replay: name, Seed: 100 + seed}, "heldpartner")
		if rr.Deadlock == nil || len(rr.Warnings) > 0 {
			t.Fatalf("seed %d: replay deadlock %v, warnings %q", seed, rr.Deadlock != nil, rr.Warnings)
		}
	}
	cfg.Strategy, cfg.Target = "random", nil
	_, hits := hunt(t, cfg, "heldpartner", 6)
	if hits == 6 {
		t.Errorf("random: %d of 6 seeds deadlocked, want some to take the sender's case", hits)
	}
}

// Sites of the slowreceiver scenario.
var (
	slowLoopGo = &rt.Site{File: "/s/s.go", Line: 10, Col: 2, Op: "Go"}
	slowRecv   = &rt.Site{File: "/s/s.go", Line: 12, Col: 10, Op: "Recv"}
	slowSend   = &rt.Site{File: "/s/s.go", Line: 14, Col: 4, Op: "Send"}
	slowFeedA  = &rt.Site{File: "/s/s.go", Line: 20, Col: 3, Op: "Send"}
	slowFeedB  = &rt.Site{File: "/s/s.go", Line: 21, Col: 3, Op: "Send"}
)

func init() { scenarios["slowreceiver"] = slowReceiver }

// slowReceiver: a loop receives two notes from a channel of one slot, and on
// note 2 notifies again on the channel only it drains; two feeders send
// notes 1 and 2. The loop blocks for good when it takes note 2 while
// note 1 fills the slot: both feeders must have sent before it drains.
func slowReceiver() {
	notes := make(chan int, 1)
	rt.Go(slowLoopGo, func() {
		for range 2 {
			if rt.Recv(notes, slowRecv) == 2 {
				rt.Send(notes, 0, slowSend)
			}
		}
	})
	rt.Go(at("Go", ""), func() { rt.Send(notes, 1, slowFeedA) })
	rt.Go(at("Go", ""), func() { rt.Send(notes, 2, slowFeedB) })
}

// TestDirectedSlow: a goroutine created at a Slow site steps only when no
// other can, so in every seed both feeders have come to their sends (one
// into the slot, one blocked) before the loop's first receive, and the loop blocks for
// good whenever note 2 came first: in more seeds than when the loop is
// ordered like the others.
func TestDirectedSlow(t *testing.T) {
	const seeds = 40
	tg := rt.Targets{Sites: []string{slowRecv.String(), slowSend.String()}}
	cfg := rt.Config{Strategy: "directed", Depth: 3, Steps: 3, Radius: 2, Goroutines: 4, Target: &tg}
	_, ordered := hunt(t, cfg, "slowreceiver", seeds)
	cfg.Target.Slow = []string{slowLoopGo.String()}
	_, slow := hunt(t, cfg, "slowreceiver", seeds)
	t.Logf("deadlocks in %d seeds: loop ordered like the others %d, slow %d", seeds, ordered, slow)
	if slow <= ordered || slow < seeds/4 {
		t.Errorf("slow loop %d/%d, ordered like the others %d/%d", slow, seeds, ordered, seeds)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		cfg.Seed = seed
		r := run(t, cfg, "slowreceiver")
		started, sent := 0, 0 // the feeders' (goroutines 3 and 4)
		for _, s := range r.Schedule {
			if s.Site == slowRecv.String() {
				break
			}
			switch {
			case s.Goroutine >= 3 && s.Op == "Start":
				started++
			case s.Site == slowFeedA.String() || s.Site == slowFeedB.String():
				sent++
			}
		}
		if started != 2 || sent != 1 {
			t.Errorf("seed %d: before the loop's first receive %d feeders started and %d sent, want 2 and 1 (the other blocked)", seed, started, sent)
		}
	}
}
