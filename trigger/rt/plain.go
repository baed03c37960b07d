package rt

import (
	"fmt"
	"os"
	"sync/atomic"
	"time"
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

// writeResult writes the counts of the plain run of test.
func (p *plainRun) writeResult(test string) {
	writeResult(p.cfg.Result, &result{
		Outcome: "ok", Test: test, Strategy: plainStrategy, Seed: p.cfg.Seed,
		Steps: int(p.steps.Load()), Acquisitions: int(p.acqs.Load()),
		Goroutines: int(p.gos.Load()) + 1, Schedule: []stepJSON{},
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
	gs := unmanaged(dumpAll(), nil)
	blocked := 0
	for _, x := range gs {
		if !isRunning(x.GoState) {
			blocked++
		}
	}
	snap := &snapshotJSON{Class: hangPlain, BoundMS: p.cfg.BoundMS, Steps: int(p.steps.Load()), Unmanaged: gs,
		Reason: fmt.Sprintf("plain run at its bound: %d goroutine(s) of the test, %d of them waiting", len(gs), blocked)}
	writeResult(p.cfg.Result, &result{
		Outcome: "hang", Strategy: plainStrategy, Seed: p.cfg.Seed,
		Steps: int(p.steps.Load()), Acquisitions: int(p.acqs.Load()),
		Goroutines: int(p.gos.Load()) + 1, Schedule: []stepJSON{}, Hang: snap,
	})
	fmt.Fprintf(os.Stderr, "deadhunt: hang in a plain run at the bound of %v: %s\n", time.Duration(p.cfg.BoundMS)*time.Millisecond, snap.Reason)
	os.Exit(exitHang)
}
