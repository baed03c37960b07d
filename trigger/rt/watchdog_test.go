package rt_test

import (
	"bytes"
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
	buf := make([]byte, 1<<20)
	n := runtime.Stack(buf, true)
	return bytes.Count(buf[:n], []byte("rt.(*sched).watchdog("))
}

// watchdogExit: a test with a goroutine that finishes.
func watchdogExit(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
		rt.Send(done, true, at("Send", ""))
	})
	rt.Recv(done, at("Recv", ""))
}

// TestHelperWatchdogGone runs in the child process after TestHelperProcess
// (as goleak's check runs after the tests): the watchdog must be gone.
func TestHelperWatchdogGone(t *testing.T) {
	if os.Getenv("DH_SCENARIO") != "watchdogexit" {
		t.Skip("child process only")
	}
	for i := 0; i < 500 && watchdogs() > 0; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := watchdogs(); n > 0 {
		t.Errorf("%d watchdog goroutine(s) left after the test", n)
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
