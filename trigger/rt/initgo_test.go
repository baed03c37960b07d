package rt_test

import (
	"os"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// initWake and initDone connect the initgo scenario's test to the
// goroutine its package's initialization started.
var initWake, initDone, initStop = make(chan bool), make(chan bool), make(chan bool)

func init() {
	tScenarios["initgo"] = initGo
	if os.Getenv("DH_SCENARIO") == "initgo" {
		// As a default pool made in a package variable starts its purger.
		rt.Go(at("Go", ""), func() {
			rt.Recv(initWake, at("Recv", ""))
			time.Sleep(time.Millisecond) // its last work, in real time
			rt.Close(initDone, at("Close", ""))
			rt.Recv(initStop, at("Recv", "")) // it lives on, as a purger's loop does
		})
	}
}

// initGo: the test wakes the initialization's goroutine and waits, under a
// 1 min deadline, for it to finish.
func initGo(t *testing.T) {
	rt.Close(initWake, at("Close", ""))
	tm := rt.NewTimer(time.Minute, at("NewTimer", ""))
	if rt.Select(at("Select", ""), false, rt.RecvCase(initDone, nil, nil), rt.RecvCase(tm.C, nil, nil)) == 1 {
		t.Error("the 1 min deadline fired while the initialization's goroutine finished")
	}
	rt.TimerStop(tm, at("Stop", ""))
}

// TestInitGoroutineNotBase: a goroutine the package's initialization
// started (a default pool's purger) is not one of the testing package's:
// while it finishes the work the test's cancel woke it for, the test's
// wait under a deadline sees it finish, as in Go, instead of the clock
// jumping to the deadline at once (ants' TestRebootDefaultPool's
// ReleaseTimeout(time.Second) timed out in no real time).
// The clock waits a tenth of the watchdog period for it in real time: 3 s
// here, so that a loaded machine is never too slow for its 1 ms of work,
// while a clock that does not wait jumps at once and fails.
func TestInitGoroutineNotBase(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		c := runChild(t, "initgo", &rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 30000})
		if c.code != 0 {
			t.Errorf("seed %d: code %d:\n%s", seed, c.code, c.stderr)
		}
	}
}
