package rt_test

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestReplayDeadlineForStd: a replay's clock starts where the witness's
// run did, and a context deadline handed to the standard library (a
// dial's) is shifted by the time since, as the recorded run's was: the
// replay of a run made an hour ago dials as the run did, where before it
// failed at once, past its deadline in real time (GoReal's grpc/2391:
// every replay diverged once the witness was older than its dial's 20 s).
// The test's own code still sees the virtual deadline.
func TestReplayDeadlineForStd(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback TCP:", err)
	}
	defer ln.Close()
	scenario := func(dialErr *error, left *time.Duration) func() {
		return func() {
			ctx, cancel := rt.WithTimeout(context.Background(), 5*time.Second, at("WithTimeout", ""))
			defer cancel()
			dl, _ := ctx.Deadline()
			*left = dl.Sub(rt.Now(at("Now", "")))
			var d net.Dialer
			c, err := d.DialContext(ctx, "tcp", ln.Addr().String())
			if err == nil {
				c.Close()
			}
			*dialErr = err
		}
	}
	var dialErr error
	var left time.Duration
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1}, 10*time.Second, scenario(&dialErr, &left))
	if err != nil || dialErr != nil {
		t.Fatalf("recorded run: %v, dial: %v", err, dialErr)
	}
	r.ClockBase -= int64(time.Hour) // as if the run had been made an hour ago
	rr, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: writeResult(t, r)}, 10*time.Second, scenario(&dialErr, &left))
	if err != nil {
		t.Fatal(err)
	}
	if dialErr != nil {
		t.Errorf("the replay's dial: %v, want it to connect as the recorded run's did", dialErr)
	}
	if left != 5*time.Second {
		t.Errorf("the test's own code sees %v left before the deadline, want 5s", left)
	}
	if rr.ClockBase != r.ClockBase {
		t.Errorf("the replay's clock starts at %d, the witness's at %d", rr.ClockBase, r.ClockBase)
	}
}

// TestConnDeadlineRealTime: a connection's read deadline set from the
// virtual clock, which an hour's sleep has moved an hour ahead of real
// time, ends the read 50 ms later in real time, not an hour later.
func TestConnDeadlineRealTime(t *testing.T) {
	var readErr error
	done := make(chan error, 1)
	go func() {
		_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1}, 10*time.Second, func() {
			c1, c2 := net.Pipe()
			defer c2.Close()
			defer c1.Close()
			rt.Sleep(time.Hour, at("Sleep", ""))
			if err := rt.SetReadDeadline(c1, rt.Now(at("Now", "")).Add(50*time.Millisecond), at("SetReadDeadline", "")); err != nil {
				readErr = err
				return
			}
			_, readErr = c1.Read(make([]byte, 1))
		})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // a hang guard: the read ends after 50 ms
		t.Fatal("the read still waits a minute later: its deadline was not passed on in real time")
	}
	var ne net.Error
	if !errors.As(readErr, &ne) || !ne.Timeout() {
		t.Fatalf("read: %v, want a timeout", readErr)
	}
}
