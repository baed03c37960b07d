package rt

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A plain run (strategy "plain") installs no scheduler: every operation
// passes through to the real one, and the run only counts its operations,
// lock acquisitions and goroutines, for the driver's calibration.

// counting is the plain run in progress, or nil.
var counting atomic.Pointer[plainRun]

// plainRun is what a plain run counts.
type plainRun struct {
	cfg              config
	steps, acqs, gos atomic.Int64
}

// countGo counts a goroutine started by a plain run.
func countGo() {
	if p := counting.Load(); p != nil {
		p.gos.Add(1)
	}
}

// countAcq counts a lock acquisition of a plain run.
func countAcq() {
	if p := counting.Load(); p != nil {
		p.acqs.Add(1)
	}
}

// startTest arranges for the plain run's result to be written once the
// test and its cleanups are done (the first cleanup registered runs last),
// with what Go's goroutine leak profile says of the goroutines it left.
func (p *plainRun) startTest(t *testing.T) {
	base := runtime.NumGoroutine()
	t.Cleanup(func() { p.writeResult(t.Name(), checkLeaks(base)) })
}

// writeResult writes the counts of the plain run of test.
func (p *plainRun) writeResult(test string, leaks *wire.LeakProfile) {
	writeResult(p.cfg.Result, &result{
		Outcome: "ok", Test: test, Strategy: plainStrategy, Seed: p.cfg.Seed,
		Steps: int(p.steps.Load()), Acquisitions: int(p.acqs.Load()),
		Goroutines: int(p.gos.Load()) + 1, Schedule: []wire.Step{}, LeakProfile: leaks,
	})
}

// armBound starts the bound's timer of a plain run: at the bound, the run
// writes a snapshot of Go's goroutine dump (there is no model to ask) and
// exits with status 4.
func (p *plainRun) armBound() {
	if p.cfg.BoundMS <= 0 {
		return
	}
	time.AfterFunc(time.Duration(p.cfg.BoundMS)*time.Millisecond, p.atBound)
}

func (p *plainRun) atBound() {
	// Go's goroutine leak profile, when the toolchain has it, is the dump:
	// it marks the goroutines nothing can wake.
	dump := leakDump()
	lp := &wire.LeakProfile{Available: dump != nil}
	if dump == nil {
		dump = dumpAll()
	}
	lp.Leaked = leakedIn(dump)
	gs := unmanaged(dump, nil)
	blocked, leaked := 0, 0
	for i, x := range gs {
		if st, ok := strings.CutSuffix(x.GoState, leakedSuffix); ok {
			gs[i].State, gs[i].GoState = "leaked", st
			leaked++
		}
		if !working(x.GoState) {
			blocked++
		}
	}
	reason := fmt.Sprintf("plain run at its bound: %d goroutine(s) of the test, %d of them waiting", len(gs), blocked)
	if leaked > 0 {
		reason += fmt.Sprintf(", %d of those blocked for good (Go's goroutineleak profile: on objects no running goroutine can reach)", leaked)
	}
	snap := &wire.Snapshot{Class: hangPlain, BoundMS: p.cfg.BoundMS, Steps: int(p.steps.Load()), Unmanaged: gs, Reason: reason}
	writeResult(p.cfg.Result, &result{
		Outcome: "hang", Strategy: plainStrategy, Seed: p.cfg.Seed,
		Steps: int(p.steps.Load()), Acquisitions: int(p.acqs.Load()),
		Goroutines: int(p.gos.Load()) + 1, Schedule: []wire.Step{}, Hang: snap, LeakProfile: lp,
	})
	fmt.Fprintf(os.Stderr, "deadhunt: hang in a plain run at the bound of %v: %s\n", time.Duration(p.cfg.BoundMS)*time.Millisecond, snap.Reason)
	os.Exit(exitHang)
}
