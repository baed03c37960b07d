package rt

import "sync/atomic"

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
