package predict

import (
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

func blockFind(t *testing.T, text string) *BlockFinder {
	t.Helper()
	b := NewBlockFinder()
	if err := b.ReadFrom(trace.NewReader(strings.NewReader(text))); err != nil {
		t.Fatal(err)
	}
	return b
}

// Goroutine 2 holds mu across an unbuffered receive; goroutine 3 takes
// mu: a mixed candidate that holds 3 back at its Lock until 2 takes mu.
func TestBlockingMixed(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestK
site 0 k_test.go:13:2 f
site 1 k_test.go:14:2 f
site 2 k.go:31:9 Keepalive
site 3 k.go:32:4 Keepalive
site 4 k.go:42:11 NewStream
lock 0 T.mu 0x1
go 1 2 0
go 1 3 1
acq 2 0 2
comm 2 3 258
acq 3 0 4
`)
	ps := b.Predictions()
	if len(ps) != 1 {
		t.Fatalf("%d predictions, want 1", len(ps))
	}
	c := ps[0]
	if c.Kind != report.Mixed || c.Classes[0] != "T.mu" {
		t.Errorf("kind %s classes %v", c.Kind, c.Classes)
	}
	if got := c.Target.Postpone; len(got) != 1 || got[0] != "k.go:42:11" {
		t.Errorf("postpone %v", got)
	}
	if got := c.Target.Until; len(got) != 1 || got[0] != "k.go:31:9" {
		t.Errorf("until %v", got)
	}
	if got := c.Target.Goroutines; len(got) != 2 {
		t.Errorf("goroutines %v", got)
	}
	if f := c.Finding("p"); f.ID != report.ComputeID(report.Mixed, "p", []string{"T.mu"}) || f.CheckValid() != nil {
		t.Errorf("finding %+v: %v", f, f.CheckValid())
	}
}

// A lock released before the receive, or a receive in a select with a
// default, is no candidate.
func TestBlockingMixedNone(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestK
site 0 k_test.go:13:2 f
site 2 k.go:31:9 Keepalive
site 3 k.go:32:4 Keepalive
site 4 k.go:42:11 NewStream
lock 0 T.mu 0x1
go 1 2 0
acq 2 0 2
comm 2 3 266
rel 2 0
comm 2 3 258
acq 1 0 4
`)
	if ps := b.Predictions(); len(ps) != 0 {
		t.Errorf("%d predictions, want none: %s", len(ps), ps[0].Evidence)
	}
}

// An unbuffered send completed by a select of two cases: the sender is
// held back (until nothing else can step).
func TestBlockingAbandoned(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestW
site 0 w_test.go:15:2 f
site 1 w.go:22:14 Run
site 2 w.go:33:3 Watch
go 1 2 0
comm 1 2 262
comm 2 1 257
hb 2 1
`)
	ps := b.Predictions()
	if len(ps) != 1 || ps[0].Kind != report.Blocked {
		t.Fatalf("predictions %v", ps)
	}
	if got := ps[0].Target.Postpone; len(got) != 1 || got[0] != "w.go:22:14" || len(ps[0].Target.Until) != 0 {
		t.Errorf("postpone %v until %v", got, ps[0].Target.Until)
	}
	if ps[0].Block.Waiter != "w_test.go:15:2" {
		t.Errorf("waiter %q", ps[0].Block.Waiter)
	}
	if f := ps[0].Target.First; len(f) != 0 {
		t.Errorf("first %v, want none: the select is the test's goroutine's", f)
	}
}

// A producer passes its select with a default (s.go:20:3) and sends
// (s.go:24:4) to a consumer's select over the data and a stop channel
// (s.go:30:3), which the test closes (s.go:40:7): the abandoned
// partner's aim also holds the close back until the producer has passed
// its select, so the producer waits at its send when the stop is closed.
func TestBlockingAbandonedOthers(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestS
site 0 s_test.go:10:2 Start
site 1 s_test.go:11:2 Start
site 2 s.go:20:3 produce
site 3 s.go:24:4 produce
site 4 s.go:30:3 consume
site 5 s.go:40:7 Close
go 1 2 0
comm 2 2 266
comm 2 3 257 1
go 1 3 1
comm 1 5 16 2
comm 3 4 262
hb 2 3
comm 2 2 266
comm 3 4 262
hb 1 3
`)
	ps := b.Predictions()
	if len(ps) != 1 || ps[0].Kind != report.Blocked {
		t.Fatalf("predictions %v", ps)
	}
	tg := ps[0].Target
	if got := strings.Join(tg.Postpone, " "); got != "s.go:24:4 s.go:40:7" {
		t.Errorf("postpone %q, want the send and the close", got)
	}
	if got := strings.Join(tg.Until, " "); got != "s.go:20:3" {
		t.Errorf("until %q, want the producer's select", got)
	}
	if got := ps[0].Block.Others; len(got) != 1 || got[0].String() != "s.go:40:7" {
		t.Errorf("others %v", got)
	}
	if got := strings.Join(tg.First, " "); got != "s_test.go:11:2" {
		t.Errorf("first %q, want the consumer's creation site (its setup before its creator's Close)", got)
	}
}

// A lock handed from one goroutine to another in one order only is a
// flip; seen both ways, it is none. A timer fired before a Stop, never
// after, is a timer flip.
func TestFlips(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestF
site 0 f_test.go:5:2 f
site 1 f.go:10:3 A
site 2 f.go:20:3 B
site 3 f.go:30:9 NewTimer
site 4 f.go:40:9 Cancel
lock 0 M.mu 0x1
go 1 2 0
acq 1 0 1
rel 1 0
acq 2 0 2
rel 2 0
comm 0 3 512
comm 1 4 1024
`)
	fs := b.Flips()
	if len(fs) != 2 {
		t.Fatalf("%d flips, want 2", len(fs))
	}
	if p := fs[0].Target.Postpone; p[0] != "f.go:10:3" || fs[0].Target.Until[0] != "f.go:20:3" {
		t.Errorf("lock flip: postpone %v until %v", p, fs[0].Target.Until)
	}
	if p := fs[1].Target.Postpone; p[0] != "f.go:30:9" || fs[1].Target.Until[0] != "f.go:40:9" || len(fs[1].Classes) != 0 {
		t.Errorf("timer flip: postpone %v until %v", p, fs[1].Target.Until)
	}
	b2 := blockFind(t, `deadhunt-trace 1
run 1 TestF
site 0 f_test.go:5:2 f
site 1 f.go:10:3 A
site 2 f.go:20:3 B
lock 0 M.mu 0x1
go 1 2 0
acq 1 0 1
rel 1 0
acq 2 0 2
rel 2 0
acq 1 0 1
rel 1 0
`)
	if fs := b2.Flips(); len(fs) != 0 {
		t.Errorf("%d flips of a lock handed both ways, want 0", len(fs))
	}
}

// Two goroutines made at one site whose sends on one buffered channel
// were done in the order the goroutines were made, in every run, are a
// sibling flip: the first at the send is held until the other has sent.
// Done means the goroutine's next step came: the later-made goroutine
// arriving first, but sending second, is the same order. Where another
// run had the later-made send first, there is none.
func TestSiblingFlip(t *testing.T) {
	const head = `deadhunt-trace 1
run 1 TestS
site 0 s_test.go:5:2 f
site 1 s.go:10:2 Submit
site 2 s.go:12:3 Submit.func1
site 3 s.go:13:3 Submit.func1
lock 0 Job.mu 0x1
go 1 2 1
go 1 3 1
`
	b := blockFind(t, head+`comm 3 2 1 7
comm 2 2 1 7
acq 2 0 3
rel 2 0
acq 3 0 3
rel 3 0
`)
	fs := b.Flips()
	var sib []*Prediction
	for _, f := range fs {
		if len(f.Classes) == 0 {
			sib = append(sib, f)
		}
	}
	if len(sib) != 1 {
		t.Fatalf("flips %d, sibling ones %d; want 1", len(fs), len(sib))
	}
	tg := sib[0].Target
	if len(tg.Postpone) != 1 || tg.Postpone[0] != "s.go:12:3" || len(tg.Until) != 1 || tg.Until[0] != "s.go:12:3" ||
		len(tg.Goroutines) != 1 || tg.Goroutines[0] != "s.go:10:2" || !sib[0].Block.Flip {
		t.Errorf("sibling flip target %+v", tg)
	}
	b2 := blockFind(t, head+`comm 2 2 1 7
acq 2 0 3
rel 2 0
comm 3 2 1 7
acq 3 0 3
rel 3 0
run 2 TestS
lock 0 Job.mu 0x1
go 1 2 1
go 1 3 1
comm 2 2 1 7
comm 3 2 1 7
acq 3 0 3
rel 3 0
acq 2 0 3
rel 2 0
`)
	for _, f := range b2.Flips() {
		if len(f.Classes) == 0 {
			t.Errorf("a sibling flip %+v where a run had the later-made goroutine send first", f.Target)
		}
	}
}

// A goroutine seen only waiting for the lock (the recorded run
// deadlocked) is a partner as one that took it.
func TestBlockingMixedWaiter(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestW
site 0 w_test.go:1:1 f
site 1 w.go:5:3 Wait
site 2 w.go:6:3 Wait
site 3 w.go:9:3 Work
lock 0 S.mu 0x1
go 1 2 0
acq 1 0 1
comm 1 2 32
wait 2 0 3
`)
	ps := b.Predictions()
	if len(ps) != 1 || ps[0].Target.Postpone[0] != "w.go:9:3" {
		t.Fatalf("predictions %v", ps)
	}
}

// A Cond Wait signalled by another goroutine: the waiter is held at its
// Lock of c.L until the Signal (a lost wakeup).
func TestBlockingLostWakeup(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestC
site 0 c_test.go:1:1 f
site 1 c.go:31:9 Read
site 2 c.go:33:9 Read
site 3 c.go:23:9 Write
site 4 c.go:25:9 Write
lock 0 P.mu 0x1
go 1 2 0
acq 2 0 1
rel 2 0
comm 2 2 64
acq 1 0 3
comm 1 4 128
rel 1 0
`)
	ps := b.Predictions()
	if len(ps) != 1 || ps[0].Kind != report.Blocked {
		t.Fatalf("predictions %v", ps)
	}
	tg := ps[0].Target
	if tg.Postpone[0] != "c.go:31:9" || tg.Until[0] != "c.go:25:9" {
		t.Errorf("postpone %v until %v; want the waiter's Lock until the Signal", tg.Postpone, tg.Until)
	}
}

// A lock held across a receive that the goroutine the holder just made
// completes before anything of its that could block (a started
// handshake) is no candidate, even when the completion's edge comes
// late; a completer that may block first, or that the holder did not
// make, leaves one.
func TestMixedStartHandshake(t *testing.T) {
	mixed := func(maker, worker string) int {
		b := blockFind(t, `deadhunt-trace 1
run 1 TestH
site 0 h_test.go:5:2 f
site 1 h.go:10:2 Submit
site 2 h.go:11:2 Submit
site 3 h.go:12:3 Submit.func1
site 4 h.go:14:2 Submit
site 5 h.go:13:3 Submit.func1
site 6 h.go:12:9 Submit.func1
site 7 h.go:11:9 Submit.func1
lock 0 Job.mu 0x1
lock 1 Farm.mu 0x2
go 1 2 0
acq 2 0 1
`+maker+`
comm 2 4 258 1
`+worker+`comm 3 3 16 1
comm 3 6 1 2
hb 3 2
rel 2 0
acq 3 0 5
rel 3 0
`)
		n := 0
		for _, p := range b.Predictions() {
			if p.Kind == report.Mixed {
				n++
			}
		}
		return n
	}
	if n := mixed("go 2 3 2", ""); n != 0 {
		t.Errorf("%d mixed candidates, want none: the worker closes started first", n)
	}
	if n := mixed("go 2 3 2", "acq 3 1 7\nrel 3 1\n"); n != 1 {
		t.Errorf("%d mixed candidates, want 1: the worker takes a lock before it closes started", n)
	}
	if n := mixed("go 1 3 2", ""); n != 1 {
		t.Errorf("%d mixed candidates, want 1: the holder did not make the worker", n)
	}
}

// A goroutine that receives from a channel in a loop (g2), and two
// goroutines the test starts that each may close it (g3 at its first
// operation, a lock; g4 closes it in another run after a lock of its
// own): one stopper aim holds both at their first operations. The test's
// goroutine closing a channel g2 loops on (channel 2), or g4 closing one
// that g5 received from once (channel 3), makes no stopper. The receiver
// steps last (Slow).
func TestStoppers(t *testing.T) {
	b := blockFind(t, `deadhunt-trace 1
run 1 TestS
site 0 s_test.go:5:2 s
site 1 s.go:10:2 Watch
site 2 s.go:20:9 watch
site 3 s_test.go:8:2 s
site 4 s.go:30:3 Close
site 5 s.go:32:2 Close
site 6 s_test.go:9:2 s
site 7 s.go:40:3 Stop
site 8 s_test.go:10:2 s
site 9 s.go:50:9 once
lock 0 B.mu 0x1
lock 1 C.mu 0x2
go 1 2 1
comm 2 2 2 1
comm 2 2 2 1
go 1 3 3
go 1 4 6
acq 3 0 4
comm 3 5 16 1
rel 3 0
acq 4 1 7
rel 4 1
comm 2 2 2 1
comm 2 2 2 2
comm 2 2 2 2
comm 1 2 16 2
go 1 5 8
comm 5 9 2 3
comm 4 5 16 3
run 2 TestS
lock 0 B.mu 0x1
lock 1 C.mu 0x2
go 1 2 1
comm 2 2 2 1
comm 2 2 2 1
go 1 3 3
go 1 4 6
acq 4 1 7
acq 4 0 4
comm 4 5 16 1
rel 4 0
rel 4 1
acq 3 0 4
rel 3 0
`)
	ss := b.Stoppers()
	if len(ss) != 1 {
		t.Fatalf("%d stopper aims, want 1", len(ss))
	}
	s := ss[0]
	if want := []string{"s.go:30:3", "s.go:40:3"}; !slices.Equal(s.Target.Postpone, want) || len(s.Target.Until) != 0 {
		t.Errorf("postpone %v until %v, want %v and none", s.Target.Postpone, s.Target.Until, want)
	}
	if s.Block == nil || !s.Block.Flip || s.Block.Waiter != "s.go:10:2" {
		t.Errorf("block %+v, want an aim (Flip) for the receiver made at s.go:10:2", s.Block)
	}
	if want := []string{"s.go:10:2"}; !slices.Equal(s.Target.Slow, want) {
		t.Errorf("slow %v, want the receiver %v", s.Target.Slow, want)
	}
}
