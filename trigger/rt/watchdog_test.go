package rt_test

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	tScenarios["watchdogexit"] = watchdogExit
}

// watchdogs counts the goroutines running the scheduler's watchdog.
func watchdogs() int {
	return len(rtGoroutines())
}

// rtGoroutines returns the stacks of the goroutines running code of
// package rt: the watchdog, and the goroutines that hold coroutines
// (handover.go).
func rtGoroutines() []string {
	buf := make([]byte, 1<<20)
	n := runtime.Stack(buf, true)
	var out []string
	for _, st := range strings.Split(string(buf[:n]), "\n\n") {
		if strings.Contains(st, "deadhunt/trigger/rt.") || strings.Contains(st, "iter.Pull") {
			out = append(out, st)
		}
	}
	return out
}

// watchdogExit: a test whose goroutines take turns and finish; the
// goroutines that end hand the token over to ones parked in coroutines.
func watchdogExit(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	for range 3 {
		rt.Go(at("Go", ""), func() {
			for range 5 {
				rt.Lock(&mu, at("Lock", "p.mu"))
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			}
			rt.Send(done, true, at("Send", ""))
		})
	}
	for range 3 {
		rt.Recv(done, at("Recv", ""))
	}
}

// TestHelperWatchdogGone runs in the child process after TestHelperProcess
// (as goleak's check runs after the tests): the watchdog and the
// goroutines holding coroutines must be gone.
func TestHelperWatchdogGone(t *testing.T) {
	if os.Getenv("DH_SCENARIO") != "watchdogexit" {
		t.Skip("child process only")
	}
	for i := 0; i < 500 && watchdogs() > 0; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if gs := rtGoroutines(); len(gs) > 0 {
		t.Errorf("%d goroutine(s) of the runtime left after the test:\n%s", len(gs), strings.Join(gs, "\n\n"))
	}
}

// TestWatchdogStopsAfterTest: once the test and its goroutines are done,
// the watchdog goroutine ends, so a TestMain that checks for leaked
// goroutines (goleak, as ttlcache's does) does not count it.
func TestWatchdogStopsAfterTest(t *testing.T) {
	c := runChild(t, "watchdogexit", &rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000},
		"-test.run=^(TestHelperProcess|TestHelperWatchdogGone)$")
	if c.code != 0 || !strings.Contains(c.stderr, "--- PASS: TestHelperWatchdogGone") {
		t.Errorf("exit %d:\n%s", c.code, c.stderr)
	}
}
