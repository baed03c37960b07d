package rt_test

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// siteCache keeps one static Site per call position, as the instrumenter's
// site table does.
var siteCache sync.Map

// at returns the static site of the caller's position for operation op on
// lock class class.
func at(op, class string) *rt.Site {
	pc, file, line, _ := runtime.Caller(1)
	type key struct {
		pc        uintptr
		op, class string
	}
	k := key{pc, op, class}
	if s, ok := siteCache.Load(k); ok {
		return s.(*rt.Site)
	}
	s := &rt.Site{File: file, Line: line, Col: 2, Op: op, Class: class}
	if fn := runtime.FuncForPC(pc); fn != nil {
		s.Func = fn.Name()
	}
	siteCache.Store(k, s)
	return s
}

// runLeakedSpinner runs, under cfg, a test that leaks a goroutine taking
// a lock over and over (a reader loop that never blocks), stopped once
// the run is over.
func runLeakedSpinner(t *testing.T, cfg rt.Config, timeout time.Duration) *rt.Result {
	t.Helper()
	var stop atomic.Bool
	defer stop.Store(true)
	r, err := rt.RunScenario(cfg, timeout, func() {
		var mu sync.Mutex
		rt.Go(at("Go", ""), func() {
			for !stop.Load() {
				rt.Lock(&mu, at("Lock", "p.mu"))
				rt.Unlock(&mu, at("Unlock", "p.mu"))
			}
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
