package rt_test

import (
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestCloseNilChannel: closing a nil channel panics as Go's close does
// (etcd_8194's leaked loop), and the run goes on: before, the panic came
// while the scheduler's lock was held, and the run hung.
func TestCloseNilChannel(t *testing.T) {
	var got any
	done := make(chan error, 1)
	go func() {
		_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1}, 10*time.Second, func() {
			defer func() { got = recover() }()
			var ch chan int
			rt.Close(ch, at("Close", ""))
		})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // a hang guard: the run takes a few steps
		t.Fatal("the run hung after the panic")
	}
	if e, ok := got.(error); !ok || !strings.Contains(e.Error(), "close of nil channel") {
		t.Errorf("recovered %v, want Go's close of nil channel panic", got)
	}
}
