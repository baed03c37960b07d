package driver

import "github.com/deadhunt/deadhunt/report"

// RunDone is one run a hunt counted, as Progress tells it.
type RunDone struct {
	Strategy report.Strategy
	Seed     uint64
	Outcome  Outcome
	Seeded   bool // a seeded run (not the plain or a calibration run)
	// Aim is the ID of what a directed run was aimed at: a prediction or
	// a blocking candidate.
	Aim string
}

func runDone(rn *run) *RunDone {
	return &RunDone{Strategy: rn.Config.Strategy, Seed: rn.Config.Seed, Outcome: rn.Outcome, Seeded: rn.Seeded, Aim: rn.Aim}
}

// send passes p, with t's state filled in, to Options.Progress; the
// caller holds t.mu.
func (h *hunter) send(t *testHunt, p Progress) {
	if h.opts.Progress == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	p.Packages, p.Package, p.Test, p.Done = h.packages, t.pkg.ImportPath, t.test, t.stats.Runs
	p.Budget, p.Tests, p.Findings = h.budget(t), h.tests, h.findings
	if p.Finished {
		st := t.stats
		p.Stats = &st
	}
	if p.Run != nil {
		h.pace.runs++
	}
	if t.held != nil {
		t.held = append(t.held, h.pace.fill(p)) // speculating: sent once the plain run ended
		return
	}
	h.opts.Progress(h.pace.fill(p))
}

// flush sends progress held back while a test's hunt speculated.
func (h *hunter) flush(held []Progress) {
	if h.opts.Progress == nil || len(held) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range held {
		h.opts.Progress(p)
	}
}

// sendConfirmed tells Options.Progress that c was just confirmed; the
// caller holds t.mu.
func (h *hunter) sendConfirmed(t *testHunt, c *seenDeadlock) {
	if h.opts.Progress == nil {
		return
	}
	f := makeFinding(t.pkg, t.test, c, t.stats.Runs, h.opts.Args)
	h.send(t, Progress{Confirmed: &f})
}
