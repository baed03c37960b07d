package rt_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestNilPanics: closing a nil channel (etcd_8194's leaked loop) and
// locking a nil mutex panic as Go's do, and the run goes on: before, the
// panic came while the scheduler's lock was held, and the run hung.
func TestNilPanics(t *testing.T) {
	for _, c := range []struct {
		name, want string
		op         func()
	}{
		{"close", "close of nil channel", func() { var ch chan int; rt.Close(ch, at("Close", "")) }},
		{"Lock", "nil pointer", func() { var mu *sync.Mutex; rt.Lock(mu, at("Lock", "p.mu")) }},
		{"Unlock", "nil pointer", func() { var mu *sync.Mutex; rt.Unlock(mu, at("Unlock", "p.mu")) }},
		{"TryLock", "nil pointer", func() { var mu *sync.Mutex; rt.TryLock(mu, at("TryLock", "p.mu")) }},
		{"RWTryLock", "nil pointer", func() { var mu *sync.RWMutex; rt.RWTryLock(mu, at("RWTryLock", "p.mu")) }},
		{"TryRLock", "nil pointer", func() { var mu *sync.RWMutex; rt.TryRLock(mu, at("TryRLock", "p.mu")) }},
	} {
		var got any
		done := make(chan error, 1)
		go func() {
			_, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1}, 10*time.Second, func() {
				defer func() { got = recover() }()
				c.op()
			})
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		case <-time.After(time.Minute): // a hang guard: the run takes a few steps
			t.Fatalf("%s: the run hung after the panic", c.name)
		}
		if e, ok := got.(error); !ok || !strings.Contains(e.Error(), c.want) {
			t.Errorf("%s: recovered %v, want Go's %q panic", c.name, got, c.want)
		}
	}
}
