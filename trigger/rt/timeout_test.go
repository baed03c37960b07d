package rt_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// loopTimeout is a connection whose loop handles a message by closing the
// connection, which waits for the loop to stop (a self-wait), and a test
// that waits for the loop with a 1 s timeout. On the timeout it fails if
// fail is set, then closes quit, which the loop's wait also selects on (the
// test's teardown). sleeper adds a goroutine that ends the loop's wait
// itself after a 2 s sleep, later gives the loop's wait a 2 s timeout of
// its own: slow, not stuck, either way. deadline makes the test's timeout
// a context's deadline instead of a time.After.
func loopTimeout(fail, sleeper, later, deadline bool) func() {
	return func() {
		stopped, quit := make(chan struct{}), make(chan struct{})
		inbox := make(chan int)
		rt.Go(at("Go", ""), func() {
			rt.Recv(inbox, at("Recv", ""))
			// Close from within the loop: waits for the loop to stop.
			var own <-chan time.Time
			if later {
				own = rt.After(2*time.Second, at("After", ""))
			}
			rt.Select(at("Select", ""), false, rt.RecvCase(stopped, nil, nil), rt.RecvCase(quit, nil, nil), rt.RecvCase(own, nil, nil))
			rt.Close(stopped, at("Close", ""))
		})
		if sleeper {
			rt.Go(at("Go", ""), func() {
				rt.Sleep(2*time.Second, at("Sleep", ""))
				rt.Close(quit, at("Close", ""))
			})
		}
		rt.Send(inbox, 1, at("Send", ""))
		var timeout <-chan time.Time
		var done <-chan struct{}
		if deadline {
			ctx, cancel := rt.WithTimeout(context.Background(), time.Second, at("WithTimeout", ""))
			defer cancel()
			done = ctx.Done()
		} else {
			timeout = rt.After(time.Second, at("After", ""))
		}
		if rt.Select(at("Select", ""), false, rt.RecvCase(stopped, nil, nil), rt.RecvCase(timeout, nil, nil), rt.RecvCase(done, nil, nil)) != 0 {
			if fail {
				rt.FailScenario()
			}
			if !sleeper && !later {
				rt.Close(quit, at("Close", ""))
			}
		}
	}
}

// TestTimeoutEndsDeadlock: every goroutine blocked but for the test's own
// timeout, which fires and the test fails: the state before the firing is
// reported, with the timeout, and its schedule replays to the same report.
func TestTimeoutEndsDeadlock(t *testing.T) {
	for _, deadline := range []bool{false, true} {
		timeoutEnds(t, deadline)
	}
}

func timeoutEnds(t *testing.T, deadline bool) {
	for seed := uint64(1); seed <= 5; seed++ {
		cfg := rt.Config{Strategy: "rpro", Seed: seed, Depth: 3, WatchdogMS: 200}
		r, err := rt.RunScenario(cfg, 10*time.Second, loopTimeout(true, false, false, deadline))
		if err != nil {
			t.Fatal(err)
		}
		d := r.Deadlock
		if d == nil || d.Timeout == nil {
			t.Fatalf("deadline %v, seed %d: want a deadlock ended by the timeout, got %+v", deadline, seed, r)
		}
		if d.Timeout.AfterNS < int64(time.Second) || !strings.HasSuffix(d.Timeout.Site.File, "timeout_test.go") {
			t.Errorf("seed %d: timeout %+v, want the After of timeout_test.go, 1s or more", seed, d.Timeout)
		}
		if len(d.Goroutines) != 2 || d.Goroutines[0].ID != 1 || !strings.Contains(d.Message, "only the timeout created at") {
			t.Errorf("seed %d: want the test's goroutine and the loop's, got %d goroutines: %s", seed, len(d.Goroutines), d.Message)
		}
		file := writeSchedule(t, r.Schedule)
		r2, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: file, WatchdogMS: 200}, 10*time.Second, loopTimeout(true, false, false, deadline))
		if err != nil {
			t.Fatal(err)
		}
		// Channels have no names here: their addresses differ by run.
		if d2 := r2.Deadlock; d2 == nil || d2.Timeout == nil || d2.Timeout.Site.String() != d.Timeout.Site.String() || d2.Timeout.AfterNS != d.Timeout.AfterNS || len(d2.Goroutines) != len(d.Goroutines) || r2.Steps != r.Steps {
			t.Fatalf("seed %d: replay gave %+v (%d steps), want %+v (%d steps)", seed, r2.Deadlock.Timeout, r2.Steps, d.Timeout, r.Steps)
		}
	}
}

// TestTimeoutLookalikes: the same waits are not reported when the test
// takes its timeout without failing (a timeout it expects, then its
// teardown), nor when a sleeping goroutine or a later timeout of the
// loop's own could still end them (the test fails on a timeout too short,
// not on a deadlock).
func TestTimeoutLookalikes(t *testing.T) {
	for _, c := range []struct {
		name                           string
		fail, sleeper, later, deadline bool
	}{{"expected", false, false, false, false}, {"slow", true, true, false, false}, {"slow deadline", true, true, false, true}, {"own timeout", true, false, true, false}} {
		for seed := uint64(1); seed <= 5; seed++ {
			cfg := rt.Config{Strategy: "rpro", Seed: seed, Depth: 3, WatchdogMS: 200}
			r, err := rt.RunScenario(cfg, 10*time.Second, loopTimeout(c.fail, c.sleeper, c.later, c.deadline))
			if err != nil {
				t.Fatal(err)
			}
			if r.Deadlock != nil {
				t.Fatalf("%s, seed %d: reported %s", c.name, seed, r.Deadlock.Message)
			}
		}
	}
}

// panicTimeout is loopTimeout's test panicking on its timeout, with a
// deferred teardown that waits for the loop to acknowledge quit: the loop
// steps while the panic unwinds, before the test is marked failed.
func panicTimeout() {
	stopped, quit, ack := make(chan struct{}), make(chan struct{}), make(chan struct{})
	inbox := make(chan int)
	rt.Go(at("Go", ""), func() {
		rt.Recv(inbox, at("Recv", ""))
		rt.Select(at("Select", ""), false, rt.RecvCase(stopped, nil, nil), rt.RecvCase(quit, nil, nil))
		rt.Send(ack, struct{}{}, at("Send", ""))
	})
	rt.Send(inbox, 1, at("Send", ""))
	defer func() { _ = recover() }()
	defer func() {
		rt.Close(quit, at("Close", ""))
		rt.Recv(ack, at("Recv", ""))
	}()
	timeout := rt.After(time.Second, at("After", ""))
	if rt.Select(at("Select", ""), false, rt.RecvCase(stopped, nil, nil), rt.RecvCase(timeout, nil, nil)) == 1 {
		panic("timed out")
	}
}

// TestTimeoutPanicUnwinding: a panic on the timeout counts as the test's
// failure while it unwinds, before the testing package records it.
func TestTimeoutPanicUnwinding(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "rpro", Seed: seed, Depth: 3, WatchdogMS: 200}, 10*time.Second, panicTimeout)
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock == nil || r.Deadlock.Timeout == nil {
			t.Fatalf("seed %d: want a deadlock ended by the timeout, got %+v", seed, r)
		}
	}
}
