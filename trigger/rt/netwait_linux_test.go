package rt_test

import (
	"bufio"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	tScenarios["netTimeout"] = func(t *testing.T) { netScenario(t, 0) }
	tScenarios["netDeadline"] = func(t *testing.T) { netScenario(t, 100*time.Millisecond) }
	tScenarios["netLongTimeout"] = func(t *testing.T) { netWait(t, "tcp", 0, time.Minute, 0) }
	tScenarios["unixTimeout"] = func(t *testing.T) { netWait(t, "unix", 0, time.Second, 0) }
	tScenarios["netDeadlineLate"] = func(t *testing.T) { netWait(t, "tcp", 400*time.Millisecond, time.Second, 30*time.Millisecond) }
}

func netScenario(t *testing.T, answer time.Duration) { netWait(t, "tcp", answer, time.Second, 0) }

// netWait: a server goroutine reads a loopback connection, a client
// goroutine writes a hello and reads the other end, and the test waits
// for a value only the client sends once it has read a line, then fails
// after timeout. With answer
// 0 nobody ever writes: every goroutine waits, two of them on the
// network with nothing in flight, and only the test's timeout ends the
// waits. With answer > 0 the server's read has that deadline in real
// time, after which it writes the line: no deadlock. With late > 0 a
// goroutine the scheduler does not manage lives that long once the test
// waits: the stall's first look finds something that may still come, a
// later one the network stuck.
func netWait(t *testing.T, network string, answer, timeout, late time.Duration) {
	addr := "127.0.0.1:0"
	if network == "unix" {
		addr = filepath.Join(t.TempDir(), "s")
	}
	l, err := net.Listen(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rt.Go(at("Go", ""), func() {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		// The client's hello, then a step after a network read.
		conn.Read(make([]byte, 6))
		var mu sync.Mutex
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
		if answer > 0 {
			rt.SetReadDeadline(conn, rt.Now(at("Now", "")).Add(answer), at("SetReadDeadline", ""))
		}
		conn.Read(make([]byte, 1))
		conn.Write([]byte("line\n"))
	})
	conn, err := net.Dial(network, l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	got := make(chan string)
	rt.Go(at("Go", ""), func() {
		conn.Write([]byte("hello\n"))
		line, _ := bufio.NewReader(conn).ReadString('\n')
		rt.Send(got, line, at("Send", "p.got"))
	})
	if late > 0 {
		go time.Sleep(late)
	}
	switch rt.Select(at("Select", ""), false, rt.RecvCase(got, nil, nil), rt.RecvCase(rt.After(timeout, at("After", "")), nil, nil)) {
	case 1:
		t.Fatalf("no line within %v", timeout)
	}
}

// TestNetTimeout: a deadlock that only the test's timeout ends, with
// goroutines waiting on loopback connections (TCP, or Unix sockets), is
// reported with them, and its witness replays; a read deadline in real
// time that ends the waits first is no deadlock.
func TestNetTimeout(t *testing.T) {
	t.Run("unix", func(t *testing.T) {
		if err := rt.SockDiag(); err != nil {
			t.Skipf("no socket diagnostics here (%v): Unix sockets never count as quiet", err)
		}
		c := runChild(t, "unixTimeout", &rt.Config{Strategy: "random", Seed: 1, BoundMS: 60_000})
		if c.result == nil || c.result.Deadlock == nil || c.result.Deadlock.Timeout == nil || !strings.Contains(c.result.Deadlock.Message, "network I/O") {
			t.Fatalf("want a deadlock ended by the test's timeout, with goroutines on the network, got code %d:\n%s", c.code, c.stderr)
		}
	})
	cfg := &rt.Config{Strategy: "random", Seed: 1, BoundMS: 60_000}
	c := runChild(t, "netTimeout", cfg)
	if c.result == nil || c.result.Deadlock == nil || c.result.Deadlock.Timeout == nil {
		t.Fatalf("netTimeout: want a deadlock ended by the test's timeout, got code %d:\n%s", c.code, c.stderr)
	}
	d := c.result.Deadlock
	if !strings.Contains(d.Message, "network I/O") {
		t.Errorf("message %q does not say which goroutines wait on the network", d.Message)
	}
	net := 0
	for _, g := range d.Goroutines {
		if strings.Contains(g.WaitsFor, "network I/O") {
			net++
			if len(g.Stack) == 0 {
				t.Errorf("goroutine %d on the network has no stack", g.ID)
			}
		}
	}
	if net != 2 {
		t.Errorf("%d goroutines described as waiting on the network, want 2:\n%s", net, c.stderr)
	}
	sched := writeSchedule(t, c.result.Schedule)
	for i := range 3 {
		r := runChild(t, "netTimeout", &rt.Config{Strategy: "replay", Replay: sched, BoundMS: 60_000})
		if r.result == nil || r.result.Deadlock == nil || r.result.Deadlock.Timeout == nil {
			t.Fatalf("replay %d: want the deadlock again, got code %d:\n%s", i, r.code, r.stderr)
		}
		for _, w := range r.result.Warnings {
			if strings.Contains(w, "diverged") || strings.Contains(w, "schedule ended") {
				t.Fatalf("replay %d: %s", i, w)
			}
		}
	}
	// netDeadlineLate: the stall does not find the network stuck at
	// first (a goroutine not managed lives 30 ms), and looks again: the
	// clock then waits for the timeout in real time, and the read's
	// 400 ms deadline ends the wait first; without the second look the
	// clock would move at the watchdog's 200 ms.
	for name, watchdog := range map[string]int{"netDeadline": 0, "netDeadlineLate": 200} {
		for seed := range uint64(3) {
			c := runChild(t, name, &rt.Config{Strategy: "random", Seed: seed, BoundMS: 60_000, WatchdogMS: watchdog})
			if c.code != 0 || c.result == nil || c.result.Deadlock != nil {
				t.Fatalf("%s seed %d: want a pass, got code %d:\n%s", name, seed, c.code, c.stderr)
			}
		}
	}
}

// TestNetLongTimeout: a run that reaches its bound while the clock waits
// in real time for a test's timeout, every goroutine waiting and those
// outside on loopback connections, is slow, not blocked outside: a longer
// bound lets the timeout come (the driver raises it for slow tests).
func TestNetLongTimeout(t *testing.T) {
	c := runChild(t, "netLongTimeout", &rt.Config{Strategy: "random", Seed: 1, BoundMS: 2000})
	if c.result == nil || c.result.Hang == nil {
		t.Fatalf("want a hang at the bound, got code %d:\n%s", c.code, c.stderr)
	}
	if h := c.result.Hang; h.Class != "slow" || !strings.Contains(h.Reason, "waits in real time for the test's timeout") {
		t.Errorf("hang %s: %s; want slow, waiting for the test's timeout", h.Class, h.Reason)
	}
}
