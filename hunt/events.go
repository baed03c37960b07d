package hunt

import (
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/hunt/internal/cache"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// EventSchema is the version of the event stream's schema (docs/report.md,
// "Event stream"), carried by the start event.
const EventSchema = 1

// Actions of the events, in the order a hunt emits them.
const (
	ActionStart      = "start"      // the hunt starts: schema, patterns, shard
	ActionBuild      = "build"      // a package was built (tests), has no tests, or did not build (error)
	ActionPrediction = "prediction" // a deadlock predicted from the traces or the static analyzer
	ActionTestStart  = "test-start" // a test's hunt starts
	ActionRun        = "run"        // one run of a test finished: strategy, seed, outcome
	ActionFinding    = "finding"    // a deadlock confirmed, with its witness
	ActionTestEnd    = "test-end"   // a test's hunt is over (or its result was reused: cached)
	ActionSummary    = "summary"    // the hunt is over: verdict, exit status, counts, report files
)

// Event is one thing that happened during a hunt, for confirm --json: one
// JSON object a line, in the spirit of go test -json. Fields that do not
// apply to an action are omitted.
type Event struct {
	Time    time.Time `json:"time"`
	Action  string    `json:"action"`
	Package string    `json:"package,omitempty"`
	Test    string    `json:"test,omitempty"`

	// start
	Schema   int      `json:"schema,omitempty"`
	Patterns []string `json:"patterns,omitempty"`
	Shard    string   `json:"shard,omitempty"`
	// build: the package's tests (0: none), or why it did not build.
	Tests *int   `json:"tests,omitempty"`
	Error string `json:"error,omitempty"`
	// run
	Strategy report.Strategy `json:"strategy,omitempty"`
	Seed     *uint64         `json:"seed,omitempty"`
	Outcome  driver.Outcome  `json:"outcome,omitempty"`
	Aim      string          `json:"aim,omitempty"` // run: what a directed run was aimed at (a prediction or a blocking candidate)
	// run and test-end: the test's runs so far, and its budget.
	Runs   int `json:"runs,omitempty"`
	Budget int `json:"budget,omitempty"`
	// prediction and finding
	Finding *report.Finding `json:"finding,omitempty"`
	// test-end
	Outcomes  map[driver.Outcome]int `json:"outcomes,omitempty"`
	ElapsedMS *int64                 `json:"elapsed_ms,omitempty"`
	Failure   driver.Outcome         `json:"failure,omitempty"` // how the test misbehaved in its plain run
	Alone     driver.Outcome         `json:"alone,omitempty"`   // how its plain run misbehaved beside other runs only (its runs made alone)
	Confirmed []string               `json:"confirmed,omitempty"`
	Cached    bool                   `json:"cached,omitempty"`
	Cut       bool                   `json:"cut_short,omitempty"`        // the hunt was stopped during this test's
	PlainCut  bool                   `json:"plain_not_waited,omitempty"` // its plain run, still going once a deadlock was confirmed, was stopped
	// summary
	Summary *EventSummary `json:"summary,omitempty"`
}

// EventSummary is the summary event's account of the hunt.
type EventSummary struct {
	Verdict     string                `json:"verdict"` // "deadlock", "incomplete", "no-deadlock"
	Exit        int                   `json:"exit"`    // confirm's exit status: 3, 1 or 0
	Tests       int                   `json:"tests"`
	Cached      int                   `json:"cached"`
	Runs        int                   `json:"runs"`
	Confirmed   int                   `json:"confirmed"`
	Unconfirmed int                   `json:"unconfirmed"`
	Static      int                   `json:"predicted_static"`
	Errors      []report.PackageError `json:"errors,omitempty"`
	Interrupted *report.Interruption  `json:"interrupted,omitempty"`
	Saved       []string              `json:"saved,omitempty"`
}

// String is the verdict's name in the summary event.
func (v Verdict) String() string {
	return [...]string{NoDeadlock: "no-deadlock", Incomplete: "incomplete", Deadlock: "deadlock"}[v]
}

// Exit is confirm's exit status for the verdict.
func (v Verdict) Exit() int { return [...]int{NoDeadlock: 0, Incomplete: 1, Deadlock: 3}[v] }

// emitter stamps and serializes the events of one hunt; a nil emitter
// emits nothing.
type emitter struct {
	mu   sync.Mutex
	emit func(Event)
}

func newEmitter(emit func(Event)) *emitter {
	if emit == nil {
		return nil
	}
	return &emitter{emit: emit}
}

func (e *emitter) send(ev Event) {
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ev.Time = time.Now().UTC()
	e.emit(ev)
}

// progress turns the driver's progress into test-start, run, finding and
// test-end events.
func (e *emitter) progress(p driver.Progress) {
	if e == nil {
		return
	}
	switch {
	case p.Started:
		e.send(Event{Action: ActionTestStart, Package: p.Package, Test: p.Test, Budget: p.Budget})
	case p.Run != nil:
		seed := p.Run.Seed
		e.send(Event{Action: ActionRun, Package: p.Package, Test: p.Test, Strategy: p.Run.Strategy, Seed: &seed,
			Outcome: p.Run.Outcome, Aim: p.Run.Aim, Runs: p.Done, Budget: p.Budget})
	case p.Confirmed != nil:
		e.send(Event{Action: ActionFinding, Package: p.Package, Test: p.Test, Finding: p.Confirmed, Runs: p.Done})
	case p.Finished && p.Stats != nil:
		ev := testEnd(p.Stats, false)
		ev.Budget = p.Budget
		e.send(ev)
	}
}

// testEnd is the test-end event of a test's account.
func testEnd(st *driver.TestStats, cached bool) Event {
	ms := st.Elapsed.Milliseconds()
	ev := Event{Action: ActionTestEnd, Package: st.Package, Test: st.Test, Runs: st.Runs, Outcomes: st.Outcomes,
		ElapsedMS: &ms, Confirmed: st.Findings, Cached: cached, Cut: st.Interrupted, PlainCut: st.PlainCut}
	if st.Failure != nil {
		ev.Failure = st.Failure.Outcome
	}
	if st.Alone != nil {
		ev.Alone = st.Alone.Outcome
	}
	return ev
}

// built emits a build event for every package examined; withTests are
// the packages with tests, every shard's.
func (e *emitter) built(b *driver.Built, withTests []driver.Package) {
	if e == nil {
		return
	}
	tests := map[string]int{}
	for _, p := range withTests {
		tests[p.ImportPath] = len(p.Tests)
	}
	failed := map[string]string{}
	for _, err := range b.Errors {
		failed[err.Package] = err.Err
	}
	for _, path := range b.Paths {
		if msg, ok := failed[path]; ok {
			e.send(Event{Action: ActionBuild, Package: path, Error: msg})
			continue
		}
		n := tests[path]
		e.send(Event{Action: ActionBuild, Package: path, Tests: &n})
	}
}

// summary emits the summary event of a finished hunt.
func (e *emitter) summary(res *Result) {
	if e == nil {
		return
	}
	rep := res.Report
	s := &EventSummary{Verdict: res.Verdict.String(), Exit: res.Verdict.Exit(), Tests: len(res.Summary.Tests), Cached: len(res.Cached),
		Confirmed: len(rep.Active(report.Confirmed)), Unconfirmed: len(rep.Active(report.Unconfirmed)),
		Static: len(rep.Active(report.PredictedStatic)), Errors: rep.Errors, Interrupted: rep.Interrupted, Saved: res.Saved}
	for _, st := range res.Summary.Tests {
		s.Runs += st.Runs
	}
	e.send(Event{Action: ActionSummary, Summary: s})
}

// start emits the start event.
func (e *emitter) start(patterns []string, s Shard) {
	ev := Event{Action: ActionStart, Schema: EventSchema, Patterns: patterns}
	if !s.whole() {
		ev.Shard = s.String()
	}
	e.send(ev)
}

// failed emits the summary of a hunt in which no package built.
func (e *emitter) failed(errs []report.PackageError) {
	v := Incomplete
	e.send(Event{Action: ActionSummary, Summary: &EventSummary{Verdict: v.String(), Exit: v.Exit(), Errors: errs}})
}

// reused emits the test-end events of the tests whose results the cache
// gave, and their confirmed findings, marked cached.
func (e *emitter) reused(r *cache.Reuse, cached []report.TestRef) {
	if e == nil {
		return
	}
	for _, en := range r.Entries() {
		for i := range en.Tests {
			e.send(testEnd(&en.Tests[i], true))
		}
		for i := range en.Findings {
			if f := &en.Findings[i]; f.Status == report.Confirmed {
				e.send(Event{Action: ActionFinding, Package: f.Package, Test: f.Test, Finding: f, Cached: true})
			}
		}
	}
}
