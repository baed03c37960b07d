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
// scheduler's watchdog nor its handover's seeds, which runtime.Stack
// shows.
func TestStackHidesScheduler(t *testing.T) {
	var plain, ours string
	_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 200}, 10*time.Second, func() {
		ping, pong := make(chan int), make(chan int)
		for range 3 {
			rt.Go(at("Go", ""), func() {
				for range 2 {
					rt.Send(pong, rt.Recv(ping, at("Recv", "")), at("Send", ""))
				}
			})
		}
		exchange := func() {
			for j := range 3 {
				rt.Send(ping, j, at("Send", ""))
				rt.Recv(pong, at("Recv", ""))
			}
		}
		exchange() // hands the token over through the seeds
		buf := make([]byte, 1<<20)
		plain = string(buf[:runtime.Stack(buf, true)])
		ours = string(buf[:rt.Stack(buf, true, at("Stack", ""))])
		exchange()
	})
	if err != nil {
		t.Fatal(err)
	}
	own := []string{"(*sched).watchdog("}
	if rt.Coroutines {
		own = append(own, "(*sched).seed(")
	}
	for _, f := range own {
		if !strings.Contains(plain, f) {
			t.Fatalf("runtime.Stack shows no %s: nothing to hide\n%s", f, plain)
		}
		if strings.Contains(ours, f) {
			t.Errorf("rt.Stack shows %s\n%s", f, ours)
		}
	}
	if !strings.Contains(ours, "TestStackHidesScheduler") {
		t.Errorf("rt.Stack lost the scenario's goroutines:\n%s", ours)
	}
}
