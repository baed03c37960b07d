package rt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// The result the runtime writes, the deadlocks it holds and their stack
// frames are wire's types (CONTRACT.md section 5).
type (
	result  = wire.Result
	finding = wire.Deadlock
	frame   = wire.Frame
)

func toSite(s *Site) wire.Site {
	if s == nil {
		return wire.Site{}
	}
	return wire.Site{File: s.File, Line: s.Line, Col: s.Col, Func: s.Func}
}

// resultLocked assembles the result so far.
func (sc *sched) resultLocked(f *finding) *result { return sc.resultUpTo(f, sc.steps.len()) }

// resultUpTo is resultLocked with the first n steps of the schedule only.
func (sc *sched) resultUpTo(f *finding, n int) *result {
	r := &result{
		Outcome: "ok", Test: sc.test, Strategy: sc.cfg.Strategy, Seed: sc.cfg.Seed,
		Steps: sc.steps.len(), Acquisitions: sc.count.acqs, Goroutines: len(sc.gs.all), TargetAcquisitions: sc.count.targetAcqs,
		Deadlock: f, Warnings: append([]string(nil), sc.warnings...), EndRunning: sc.life.endRunning,
	}
	if f != nil {
		r.Outcome = "deadlock"
	}
	// A run that ends without a deadlock has no schedule to replay, if so
	// configured; one stopped at its bound (dead: a hang) keeps it.
	if f == nil && sc.cfg.ScheduleIfDeadlock && !sc.dead {
		r.Schedule = []wire.Step{}
	} else {
		r.Schedule = make([]wire.Step, n)
	}
	if len(r.Schedule) > 0 {
		r.Draws, r.ClockBase = sc.draws.encode(n), sc.clock.base.UnixNano()
	}
	if sc.expl != nil {
		r.Explore = sc.expl.summary()
	}
	names := make([]string, len(sc.steps.sites))
	for i, s := range sc.steps.sites {
		names[i] = s.String()
	}
	for i := range r.Schedule {
		s := sc.steps.at(i)
		r.Schedule[i] = s.wire(names)
	}
	return r
}

// writeResultLocked writes the result file, if the configuration names one.
func (sc *sched) writeResultLocked(f *finding) {
	sc.flushObserver()
	sc.writeResult(sc.resultLocked(f))
}

func (sc *sched) writeResult(r *result) { writeResult(sc.cfg.Result, r) }

// writeResult writes r to the result file name, if there is one.
func writeResult(name string, r *result) {
	if name == "" {
		return
	}
	var data []byte
	var err error
	switch {
	case r.ScheduleRLE != nil: // encoded already; indented, its runs would take a line per number
		data, err = json.Marshal(r)
	case len(r.Schedule) >= wire.CompactMin:
		c := *r
		c.Schedule, c.ScheduleRLE = []wire.Step{}, wire.Compact(r.Schedule)
		data, err = json.Marshal(&c)
	default:
		data, err = json.MarshalIndent(r, "", " ")
	}
	if err == nil {
		err = writeFileAtomic(name, data)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "deadhunt: rt: writing result: %v\n", err)
	}
}

func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".result-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
