package rt_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// startLeak starts a goroutine that waits for good on ch: a leak whose
// `go` statement is not in the test's own function.
func startLeak(ch chan int) {
	rt.Go(at("Go", ""), func() { rt.Recv(ch, at("Recv", "")) })
}

// A leaked goroutine's finding says where its `go` statement was called
// from: the helper's caller, the line of the call.
func TestStartedFrom(t *testing.T) {
	_, _, line, _ := runtime.Caller(0)
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		startLeak(make(chan int)) // line+2
	})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Deadlock
	if d == nil || len(d.Goroutines) != 1 {
		t.Fatalf("finding %+v: want the leaked goroutine", d)
	}
	from := d.Goroutines[0].StartedFrom
	if len(from) == 0 || !strings.Contains(from[0].Func, "TestStartedFrom") || from[0].Line != line+2 || !strings.HasSuffix(from[0].File, "startedfrom_test.go") {
		t.Errorf("started from %+v; want the scenario's call at startedfrom_test.go:%d first", from, line+2)
	}
	for _, f := range from {
		if strings.HasPrefix(f.Func, "testing.") || strings.Contains(f.Func, "trigger/rt.") && !strings.Contains(f.Func, "rt_test.") {
			t.Errorf("frame %+v: not the test's", f)
		}
	}
}
