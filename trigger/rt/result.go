package rt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// result is the run result (CONTRACT.md section 5). Field names follow
// report.Step and report.Finding so the driver decodes them directly.
type result struct {
	Outcome      string       `json:"outcome"` // "deadlock", "ok" or "hang"
	Test         string       `json:"test,omitempty"`
	Strategy     strategyName `json:"strategy,omitempty"`
	Seed         uint64       `json:"seed"`
	Steps        int          `json:"steps"`
	Acquisitions int          `json:"acquisitions"`
	Goroutines   int          `json:"goroutines"`
	// TargetAcquisitions counts the acquisitions of the configured target
	// locks: the k estimate for the directed strategy (CONTRACT.md
	// section 5).
	TargetAcquisitions int        `json:"target_acquisitions,omitempty"`
	Schedule           []stepJSON `json:"schedule"`
	// ScheduleRLE is the schedule when it is long (schedrle.go); then
	// Schedule is empty.
	ScheduleRLE *rleJSON `json:"schedule_rle,omitempty"`
	Deadlock    *finding `json:"deadlock,omitempty"`
	// Hang is the snapshot of a run stopped at its bound (outcome
	// "hang").
	Hang     *snapshotJSON `json:"hang,omitempty"`
	Warnings []string      `json:"warnings,omitempty"`
	// Explore is the run's report on its interleavings, if asked for.
	Explore *exploreJSON `json:"explore,omitempty"`
	// LeakProfile is what Go's goroutine leak profile said at the end of
	// a plain run (leakprofile.go).
	LeakProfile *leakProfileJSON `json:"leak_profile,omitempty"`
	// EndRunning counts the goroutines the test leaked that were still
	// running when the end stopped waiting for them.
	EndRunning int `json:"end_running,omitempty"`
}

type stepJSON struct {
	G      int    `json:"g"`
	Site   string `json:"site"`
	Op     string `json:"op,omitempty"`
	Change bool   `json:"change,omitempty"`
}

// findingKind classifies a deadlock as report.Kind does.
type findingKind string

const (
	kindCycle      findingKind = "lock-order-cycle"
	kindDoubleLock findingKind = "double-lock"
	kindRWR        findingKind = "rwr"
	kindMixed      findingKind = "mixed"   // a wait-for cycle or a set of blocked goroutines through locks and other objects
	kindBlocked    findingKind = "blocked" // goroutines blocked for good without locks
)

type finding struct {
	Kind       findingKind     `json:"kind"`
	Message    string          `json:"message"`
	Locks      []lockJSON      `json:"locks"`
	Edges      []edgeJSON      `json:"edges,omitempty"`
	Goroutines []goroutineJSON `json:"goroutines,omitempty"`
}

type lockJSON struct {
	Class    string     `json:"class"`
	Instance string     `json:"instance,omitempty"`
	Sites    []siteJSON `json:"sites,omitempty"`
}

type edgeJSON struct {
	Held       string   `json:"held"`
	Acquired   string   `json:"acquired"`
	Goroutine  int      `json:"goroutine,omitempty"`
	HeldAt     siteJSON `json:"held_at"`
	AcquiredAt siteJSON `json:"acquired_at"`
}

type goroutineJSON struct {
	ID       int      `json:"id"`
	Created  siteJSON `json:"created,omitzero"`
	Stack    []frame  `json:"stack,omitempty"`
	WaitsFor string   `json:"waits_for,omitempty"`
	Holds    []string `json:"holds,omitempty"`
}

type siteJSON struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
	Func string `json:"func,omitempty"`
}

func toSite(s *Site) siteJSON {
	if s == nil {
		return siteJSON{}
	}
	return siteJSON{File: s.File, Line: s.Line, Col: s.Col, Func: s.Func}
}

func (s siteJSON) String() string {
	if s.File == "" {
		return "-"
	}
	if s.Col > 0 {
		return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Col)
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
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
		r.Schedule = []stepJSON{}
	} else {
		r.Schedule = make([]stepJSON, n)
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
		r.Schedule[i] = stepJSON{G: int(s.g), Site: names[s.site], Op: s.kind.String(), Change: s.change}
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
	case len(r.Schedule) >= compactMin:
		c := *r
		c.Schedule, c.ScheduleRLE = []stepJSON{}, compactSchedule(r.Schedule)
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
