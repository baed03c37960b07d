package rt_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	scenarios["chanbesidespin"] = chanBesideSpin
	scenarios["sharedbesidespin"] = sharedBesideSpin
	scenarios["waitbesidespin"] = waitBesideSpin
	scenarios["sharedwaitbesidespin"] = sharedWaitBesideSpin
}

// spinner starts a goroutine that polls forever, for a flag (if not nil)
// that nobody sets, then calls then.
func spinner(flag *atomic.Bool, then func()) {
	rt.Go(at("Go", ""), func() {
		for flag == nil || !flag.Load() {
			rt.Gosched(at("Gosched", ""))
		}
		then()
	})
}

// waitBesideSpin: the test's goroutine waits for a WaitGroup nobody else
// holds (its worker was never started) while a goroutine polls forever.
func waitBesideSpin() {
	spinner(nil, nil)
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	rt.WGWait(&wg, at("WGWait", ""))
}

// sharedWaitBesideSpin: the same, but the poller holds the WaitGroup and
// would end it once a flag is set.
func sharedWaitBesideSpin() {
	var wg sync.WaitGroup
	var ready atomic.Bool
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	spinner(&ready, func() { rt.WGDone(&wg, at("WGDone", "")) })
	rt.WGWait(&wg, at("WGWait", ""))
}

// chanBesideSpin: a worker waits on a channel only it can reach (the
// sender gave up), the test's goroutine waits for the worker, and a
// goroutine polls forever: the run reaches its bound, and nothing still
// running can wake the worker, nor so the test's goroutine.
func chanBesideSpin() {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() {
		defer rt.WGDone(&wg, at("WGDone", ""))
		answer := make(chan int)
		rt.Recv(answer, at("Recv", ""))
	})
	rt.Go(at("Go", ""), func() {
		for {
			rt.Gosched(at("Gosched", ""))
		}
	})
	rt.WGWait(&wg, at("WGWait", ""))
}

// sharedBesideSpin: the same, but the goroutine that polls forever holds
// the channel and would send on it once a flag is set: nothing proves it
// never is (the compiler would, for a plain bool nobody sets, and so would
// the profile).
func sharedBesideSpin() {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	answer := make(chan int)
	rt.Go(at("Go", ""), func() {
		defer rt.WGDone(&wg, at("WGDone", ""))
		rt.Recv(answer, at("Recv", ""))
	})
	var ready atomic.Bool // nobody sets it; the poller cannot know
	rt.Go(at("Go", ""), func() {
		for !ready.Load() {
			rt.Gosched(at("Gosched", ""))
		}
		rt.Send(answer, 1, at("Send", ""))
	})
	rt.WGWait(&wg, at("WGWait", ""))
}

// proveConfig is the configuration of a run proved at its bound; the test
// is skipped where the toolchain has no goroutine leak profile.
func proveConfig(t *testing.T) *rt.Config {
	if !leakProfile() {
		t.Skip("no goroutineleak profile in this toolchain (Go 1.27; Go 1.26 with GOEXPERIMENT=goroutineleakprofile)")
	}
	cfg := boundConfig("random")
	cfg.BoundMS = 600
	return cfg
}

// At the bound, a goroutine blocked on a channel that nothing still
// running can reach is a deadlock, proved by Go's goroutine leak profile
// (Go 1.27; Go 1.26 with GOEXPERIMENT=goroutineleakprofile), and its
// replay proves it again; one whose channel a running goroutine holds
// stays a hang.
func TestBoundProvesChanBesideSpin(t *testing.T) {
	cfg := proveConfig(t)
	c := runChild(t, "chanbesidespin", cfg)
	if c.code != 3 || c.result == nil || c.result.Deadlock == nil {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	d := c.result.Deadlock
	if d.Kind != "blocked" || !strings.Contains(d.Message, "leak profile") || len(d.Goroutines) != 2 ||
		len(d.Goroutines[0].Stack) == 0 || len(d.Goroutines[1].Stack) == 0 {
		t.Errorf("deadlock %+v; want the test's goroutine and the worker it waits for, blocked, proved by the leak profile, with their stacks", d)
	}
	first := filepath.Join(t.TempDir(), "first.json")
	if err := os.WriteFile(first, c.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	rcfg := *cfg
	rcfg.Strategy, rcfg.Replay = "replay", first
	r := runChild(t, "chanbesidespin", &rcfg)
	if r.code != 3 || r.result == nil || r.result.Deadlock == nil || r.result.Deadlock.Kind != d.Kind ||
		len(r.result.Deadlock.Goroutines) != 2 || r.result.Deadlock.Goroutines[1].Created != d.Goroutines[1].Created {
		t.Errorf("replay: code %d, result %+v; want the same deadlock:\n%s", r.code, r.result, r.stderr)
	}
	s := runChild(t, "sharedbesidespin", cfg)
	if s.code != 4 || s.result == nil || s.result.Hang == nil {
		t.Errorf("shared channel: code %d, result %+v; want a hang:\n%s", s.code, s.result, s.stderr)
	}
}

// The same for a WaitGroup's Wait: proved when nothing still running holds
// the WaitGroup, a hang when the poller does.
func TestBoundProvesWaitBesideSpin(t *testing.T) {
	cfg := proveConfig(t)
	c := runChild(t, "waitbesidespin", cfg)
	if c.code != 3 || c.result == nil || c.result.Deadlock == nil || !strings.Contains(c.result.Deadlock.Message, "leak profile") {
		t.Fatalf("code %d, result %+v; want the waiter proved blocked:\n%s", c.code, c.result, c.stderr)
	}
	s := runChild(t, "sharedwaitbesidespin", cfg)
	if s.code != 4 || s.result == nil || s.result.Hang == nil {
		t.Errorf("shared WaitGroup: code %d, result %+v; want a hang:\n%s", s.code, s.result, s.stderr)
	}
}
