package rt_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestStackHidesScheduler: a dump of every goroutine taken under control
// (a test's leak check) shows the test's goroutines but not the
// scheduler's watchdog, which runtime.Stack shows.
func TestStackHidesScheduler(t *testing.T) {
	var plain, ours string
	_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 200}, 10*time.Second, func() {
		done := make(chan struct{})
		rt.Go(at("Go", ""), func() { rt.Recv(done, at("Recv", "")) })
		buf := make([]byte, 1<<20)
		plain = string(buf[:runtime.Stack(buf, true)])
		ours = string(buf[:rt.Stack(buf, true, at("Stack", ""))])
		rt.Close(done, at("Close", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	const watchdog = "(*sched).watchdog("
	if !strings.Contains(plain, watchdog) {
		t.Fatalf("runtime.Stack shows no watchdog: nothing to hide\n%s", plain)
	}
	if strings.Contains(ours, watchdog) || !strings.Contains(ours, "TestStackHidesScheduler") {
		t.Errorf("rt.Stack: want the scenario's goroutines without the watchdog, got\n%s", ours)
	}
}
