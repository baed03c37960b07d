package rt_test

import (
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestStallRestartsAfterProgress: a goroutine that waits several times
// for values from outside the scheduler (a network read's), each coming
// well before a pending deadline, never sees the deadline: the real time
// the idle scheduler waits before it moves the clock counts from the
// latest stall, not from the first one. (The clock once kept the first
// stall's start until a timer fired, so the waits added up and a yamux
// stream's write deadline fired while its window updates were on the
// wire.) Each 40 ms wait leaves a loaded machine almost 2 s before the
// deadline, while the 60 waits add up to more than it.
func TestStallRestartsAfterProgress(t *testing.T) {
	const rounds = 60
	fired := -1
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 2000}, 30*time.Second, func() {
		tm := rt.NewTimer(2*time.Second, at("NewTimer", ""))
		ch := make(chan int)
		rt.Go(at("Go", ""), func() { // the peer on the other end of a connection
			for i := 0; i < rounds; i++ {
				rt.GoOutside()                    // a network read
				time.Sleep(40 * time.Millisecond) // real time: uninstrumented
				rt.Send(ch, i, at("Send", ""))
			}
		})
		for i := 0; i < rounds; i++ {
			if rt.Select(at("Select", ""), false, rt.RecvCase(ch, nil, nil), rt.RecvCase(tm.C, nil, nil)) == 1 {
				fired = i
				rt.Recv(ch, at("Recv", "")) // the value still comes
			}
		}
		rt.TimerStop(tm, at("Stop", ""))
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if fired >= 0 {
		t.Errorf("the 2 s deadline fired at round %d, though each wait for the outside was about 40 ms", fired)
	}
}

// TestBusyOutsideKeepsDeadline: a goroutine that works outside
// instrumented code for 200 ms (bbolt's commit writing 134 MB) is released
// by the watchdog; the test goroutine, waiting for it with a 2 s timeout,
// sees it finish first, as in a real run: while a goroutine outside works,
// the clock waits in real time for the deadline, not a watchdog period.
// (It jumped after one, and the timeout fired at once.)
func TestBusyOutsideKeepsDeadline(t *testing.T) {
	timedOut := false
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 30*time.Second, func() {
		done := make(chan int, 1)
		tm := rt.NewTimer(2*time.Second, at("NewTimer", ""))
		rt.Go(at("Go", ""), func() {
			for start := time.Now(); time.Since(start) < 200*time.Millisecond; {
			}
			rt.Send(done, 1, at("Send", ""))
		})
		if rt.Select(at("Select", ""), false, rt.RecvCase(done, nil, nil), rt.RecvCase(tm.C, nil, nil)) == 1 {
			timedOut = true
			rt.Recv(done, at("Recv", ""))
		}
		rt.TimerStop(tm, at("Stop", ""))
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if timedOut {
		t.Errorf("the 2 s timeout fired while the other goroutine worked 200 ms outside instrumented code; warnings %q", r.Warnings)
	}
}

// TestWaitOnOthersReleasedAtFirstLook: a goroutine that holds the token
// while it waits outside instrumented code for another goroutine (here a
// receive on a channel the code does not instrument; a read on a
// connection whose peer is managed, in a test on real TCP) waits for one
// the token keeps from running: the watchdog releases it at its first
// look, a quarter of the limit, not after the whole limit. (Each read of
// an RPC library's tests cost the whole limit, 50 ms.) Once one went so,
// the first look comes after a 25th of the limit: the second wait's
// release comes before a quarter.
func TestWaitOnOthersReleasedAtFirstLook(t *testing.T) {
	const limitMS = 4000 // the first look comes after 1 s, then after 160 ms
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: limitMS}, 30*time.Second, func() {
		raw := make(chan int)
		done := make(chan bool)
		rt.Go(at("Go", ""), func() {
			for range 2 {
				<-raw // uninstrumented: holds the token while it waits
				rt.Send(done, true, at("Send", ""))
			}
		})
		for range 2 {
			rt.Sleep(time.Millisecond, at("Sleep", "")) // let the reader take the token
			raw <- 1                                    // uninstrumented: needs the reader released first
			rt.Recv(done, at("Recv", ""))
		}
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	var stalled []string
	for _, w := range r.Warnings {
		if strings.Contains(w, "released by the watchdog") {
			stalled = append(stalled, w)
		}
	}
	if len(stalled) != 2 {
		t.Fatalf("%d releases, want 2; warnings %q", len(stalled), r.Warnings)
	}
	for i, w := range stalled {
		after := strings.Fields(w[strings.Index(w, "after ")+len("after "):])[0]
		d, err := time.ParseDuration(after)
		if err != nil {
			t.Fatalf("warning %q: %v", w, err)
		}
		ms := int(d.Milliseconds())
		if most := []int{limitMS, limitMS / 4}[i]; !strings.Contains(w, "[chan receive]") || ms >= most {
			t.Errorf("%q: want a release in state chan receive before %d ms", w, most)
		}
	}
}
