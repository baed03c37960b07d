package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Version is the version of the report schema written by this package.
// Version 2 added interrupted, blind_spots, a finding's tests and a
// witness's fingerprint and args; version 3 added tests (what each test's
// hunt cost, and whether it was reused from the cache); version 4 added a
// test's leak_check (Go's goroutine leak profile against the leaks
// confirmed); version 5 a witness's draws and clock base and a test's
// unexplored; version 6 a finding's timeout. An older report is read as a
// version 6 report without the newer fields.
const Version = 6

// readable are the versions Read accepts.
var readable = []int{1, 2, 3, 4, 5, 6}

// Report is one run's findings: the output of lockcycle, confirm or predict.
type Report struct {
	Version  int       `json:"version"`
	Tool     string    `json:"tool"`               // "deadhunt confirm", "lockcycle", ...
	Created  time.Time `json:"created,omitzero"`   // when the report was written
	Packages []string  `json:"packages,omitempty"` // import paths examined
	Findings []Finding `json:"findings"`
	// Errors are problems that stopped part of the work (a package that does
	// not compile, a test binary that could not be built). What was found
	// elsewhere is still in Findings.
	Errors []PackageError `json:"errors,omitempty"`
	// Interrupted is set when the hunt stopped (an interrupt, a deadline)
	// before every selected test was hunted: the report is partial.
	Interrupted *Interruption `json:"interrupted,omitempty"`
	// BlindSpots are what the controlled scheduler could not see in the
	// packages examined: a package with none is fully controlled.
	BlindSpots []BlindSpot `json:"blind_spots,omitempty"`
	// Tests are the tests a hunt ran (confirm), in the order it ran them:
	// what each cost (confirm --balance shares shards by it), why its hunt
	// stopped, and whether its result was reused from the cache.
	Tests []TestRun `json:"tests,omitempty"`
}

// TestRun is what hunting one test cost and why it stopped.
type TestRun struct {
	Package string `json:"package"`
	Test    string `json:"test"`
	Runs    int    `json:"runs"`
	// ConfirmedAt is the place, in the hunt's order (the plain run 1,
	// the calibration 2, then the seeds in turn), of the first run whose
	// deadlock was confirmed: the runs a hunt making one at a time would
	// have made. Runs also counts those the other processes made while it
	// ran and was replayed. 0 when nothing was confirmed.
	ConfirmedAt int `json:"confirmed_at,omitempty"`
	// ElapsedMS is the wall time of the test's processes, added up, in
	// milliseconds; a cached test's is that of the hunt it was reused from.
	ElapsedMS int64 `json:"elapsed_ms"`
	// Cached marks a result reused from an earlier hunt of the same
	// instrumented test binary with the same options.
	Cached bool `json:"cached,omitempty"`
	// Stop is why the hunt stopped: "no interleaving" (one run covers
	// it), "exhausted" (Orderings orderings of its conflicting operations,
	// all tried), "confirmed", "settled" (Unseen fell below 1-confidence)
	// or "budget spent" (MissBound bounds the probability that a deadlock
	// of the assumed depth was missed; NoGuarantee when near 1). Empty
	// for a test that fails on its own or was cut short.
	Stop      string  `json:"stop,omitempty"`
	Orderings int     `json:"orderings,omitempty"`
	MissBound float64 `json:"miss_bound,omitempty"`
	// Unseen is the Good–Turing estimate of the chance that one more run
	// would have shown an ordering none of UnseenRuns seeded runs showed
	// (those seen once, over the runs), where the orderings could not be
	// counted; "settled" stops on it. UnseenRuns 0: no estimate.
	Unseen     float64 `json:"unseen,omitempty"`
	UnseenRuns int     `json:"unseen_runs,omitempty"`
	// UnseenKinds, when not 0: the estimate is over kinds of orderings
	// (goroutines by creation site, operations by site), of which the
	// runs showed this many, instead of over orderings.
	UnseenKinds int `json:"unseen_kinds,omitempty"`
	// UnseenBefore: of the UnseenRuns of an estimate over kinds, those
	// made before the seeds (the calibration, the recording's runs).
	UnseenBefore int `json:"unseen_before,omitempty"`
	// OneGoroutine: each of the test's runs had one goroutine, so none
	// interleaved; its runs varied only its draws (MissBound then 1:
	// nothing bounds them).
	OneGoroutine bool `json:"one_goroutine,omitempty"`
	// Unexplored names a draw the runs made that no count of runs covers
	// (a 64-bit draw, a large map's order): Stop then claims no coverage.
	Unexplored string `json:"unexplored,omitempty"`
	// LeakCheck compares Go's goroutine leak profile, taken at the end of
	// the test's plain run, with the leaks deadhunt confirmed in it.
	LeakCheck *LeakCheck `json:"leak_check,omitempty"`
}

// Ref names the test.
func (t TestRun) Ref() TestRef { return TestRef{Package: t.Package, Test: t.Test} }

// Interruption says how far a hunt got before it was stopped.
type Interruption struct {
	Cause string `json:"cause"` // "interrupt", "deadline", ...
	Done  int    `json:"done"`  // tests whose hunt finished
	Total int    `json:"total"` // tests selected for the hunt
	// CutShort are the tests whose hunt started and was stopped before its
	// budget was spent; NotHunted those never started.
	CutShort  []TestRef `json:"cut_short,omitempty"`
	NotHunted []TestRef `json:"not_hunted,omitempty"`
}

// TestRef names one test.
type TestRef struct {
	Package string `json:"package"`
	Test    string `json:"test"`
}

func (t TestRef) String() string { return t.Package + " " + t.Test }

// BlindSpot is code of a package that runs outside deadhunt's control:
// its locks, channels and goroutines are not seen or not ordered.
type BlindSpot struct {
	Package string `json:"package"`
	Pos     string `json:"pos,omitempty"` // file or file:line:col
	What    string `json:"what"`          // "cgo file", "synctest bubble", ...
	// Tests, for a synctest bubble, are the tests whose runs entered it:
	// the blind spot is theirs, not the whole package's.
	Tests []string `json:"tests,omitempty"`
}

// Bubble is BlindSpot.What for a testing/synctest bubble.
const Bubble = "synctest bubble"

// Of reports whether the blind spot concerns test (of its package): a
// bubble only the tests that entered it, anything else every test.
func (b BlindSpot) Of(test string) bool {
	return b.What != Bubble || slices.Contains(b.Tests, test)
}

// Reached reports whether a hunted test ran the blind spot: a bubble
// only if some test entered it.
func (b BlindSpot) Reached() bool { return b.What != Bubble || len(b.Tests) > 0 }

func (b BlindSpot) String() string {
	s := b.What
	if b.Pos != "" {
		s += " " + b.Pos
	}
	if b.What == Bubble {
		s += " (entered by " + cmpOr(strings.Join(b.Tests, ", "), "no test") + ")"
	}
	return s
}

// PackageError is a failure confined to one package (or one test).
type PackageError struct {
	Package string `json:"package"`
	Test    string `json:"test,omitempty"`
	Err     string `json:"error"`
}

func (e PackageError) Error() string {
	if e.Test != "" {
		return fmt.Sprintf("%s: %s: %s", e.Package, e.Test, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Package, e.Err)
}

// Finding is one predicted or confirmed deadlock.
type Finding struct {
	// ID is stable across runs for the same bug: it depends only on the kind,
	// the package and the lock classes (see ComputeID).
	ID      string `json:"id"`
	Kind    Kind   `json:"kind"`
	Status  Status `json:"status"`
	Package string `json:"package"`
	Test    string `json:"test,omitempty"`
	// Tests are every test that confirmed the finding, Test first, when
	// more than one did (confirmed findings).
	Tests []string `json:"tests,omitempty"`
	// Message is a one-line human summary, lowercase, no trailing period.
	Message string `json:"message"`
	// Evidence says where the prediction came from: static, dynamic or
	// both, in that order.
	Evidence []Evidence `json:"evidence,omitempty"`
	// Support is how many distinct goroutines, over all recorded runs,
	// showed the finding's edges (dynamic findings; used for ranking).
	Support    int         `json:"support,omitempty"`
	Locks      []Lock      `json:"locks"`
	Edges      []Edge      `json:"edges,omitempty"`
	Goroutines []Goroutine `json:"goroutines,omitempty"`
	// Lingering (blocked findings): the goroutines the test left were
	// still alive, not blocked for good, when their time after the test
	// ran out (wire.Deadlock.Lingering).
	Lingering bool `json:"lingering,omitempty"`
	// Timeout (blocked, mixed, lock-never-released findings): only the
	// test's own timeout could end the waits; it fired and the test
	// failed (wire.Deadlock.Timeout).
	Timeout *Timeout `json:"timeout,omitempty"`
	// Witness is set for confirmed findings.
	Witness *Witness `json:"witness,omitempty"`
	// Search is set for unconfirmed findings: what was tried and with what
	// guarantee the deadlock was not missed.
	Search *Search `json:"search,omitempty"`
	// Ignored is set when a person has marked the finding ignored.
	Ignored *Ignore `json:"ignored,omitempty"`
	// Snapshot is the state of the run stopped at its time bound (hang
	// findings, and deadlocks found at the bound).
	Snapshot *Snapshot `json:"snapshot,omitempty"`
	// Static names lockcycle's finding at the same site, for a lock never
	// released that the static analysis predicted ("predicted statically
	// at …").
	Static *StaticLink `json:"static,omitempty"`
}

// The parts of a finding the runtime also writes are wire's types.
type (
	Lock      = wire.Lock      // one mutex involved in a finding
	Edge      = wire.Edge      // one "held → acquired" step of a lock-order cycle
	Goroutine = wire.Goroutine // one goroutine involved in a confirmed deadlock
	Release   = wire.Release   // a site that would have released a blocked goroutine
	Frame     = wire.Frame     // one stack frame
	Site      = wire.Site      // a source position
	Timeout   = wire.Timeout   // the test's timeout that ended a deadlock
	Step      = wire.Step      // one scheduling decision of a witness
)

// Witness is the proof of a confirmed deadlock: the schedule that produces it.
type Witness struct {
	Strategy Strategy          `json:"strategy"` // the strategy of the run that deadlocked
	Seed     uint64            `json:"seed"`
	Params   map[string]string `json:"params,omitempty"` // "depth": "3", "radius": "8", ...
	Runs     int               `json:"runs"`             // runs tried for this finding
	Hits     int               `json:"hits"`             // runs that deadlocked this way
	Schedule []Step            `json:"schedule,omitempty"`
	// Draws are the values the run's scheduler drew besides the next
	// goroutine (random draws, map orders, select choices) and ClockBase
	// the virtual clock's start: a replay gives both back.
	Draws     *Draws `json:"draws,omitempty"`
	ClockBase int64  `json:"clock_base,omitempty"`
	// Replay is the command that re-runs the witness.
	Replay string `json:"replay,omitempty"`
	// Package and Test name the test that replay re-runs.
	Package string `json:"package,omitempty"`
	Test    string `json:"test,omitempty"`
	// Args are the arguments passed to the test binary after its own
	// flags (confirm's -args).
	Args []string `json:"args,omitempty"`
	// Fingerprint identifies the code the witness ran: a hash of the
	// package's instrumented build inputs. Replay refuses a witness whose
	// fingerprint differs from the code's now.
	Fingerprint string `json:"fingerprint,omitempty"`
}

// HitRate is Hits/Runs, or 0 when no run was made.
func (w *Witness) HitRate() float64 {
	if w == nil || w.Runs == 0 {
		return 0
	}
	return float64(w.Hits) / float64(w.Runs)
}

// Search records an unsuccessful attempt to confirm a prediction.
type Search struct {
	Strategy Strategy `json:"strategy"`
	Runs     int      `json:"runs"`
	Depth    int      `json:"depth"` // assumed bug depth
	// MissBound is an upper bound on the probability that a deadlock of the
	// assumed depth was present and every run missed it, from the strategy's
	// per-run lower bound p: (1-p)^Runs.
	MissBound float64 `json:"miss_bound"`
	Note      string  `json:"note,omitempty"`
}

// Ignore records a person's decision to ignore a finding.
type Ignore struct {
	Reason string    `json:"reason"`
	By     string    `json:"by,omitempty"`
	At     time.Time `json:"at,omitzero"`
}

// ComputeID returns the stable ID of a finding: a short hash of its kind,
// package and set of lock classes. Classes are sorted and de-duplicated, so
// the same cycle found from any starting edge, by any tool, gets the same ID,
// and a cycle over two instances of one class has the ID of that class.
func ComputeID(kind Kind, pkg string, classes []string) string {
	cs := slices.Compact(slices.Sorted(slices.Values(classes)))
	h := sha256.Sum256([]byte(string(kind) + "\x00" + pkg + "\x00" + strings.Join(cs, "\x00")))
	return "DH-" + hex.EncodeToString(h[:])[:10]
}

// Active returns the findings of status s that are not marked ignored.
func (r *Report) Active(s Status) []Finding {
	var fs []Finding
	for _, f := range r.Findings {
		if f.Status == s && f.Ignored == nil {
			fs = append(fs, f)
		}
	}
	return fs
}

// Classes returns the finding's lock classes in order.
func (f *Finding) Classes() []string {
	cs := make([]string, len(f.Locks))
	for i, l := range f.Locks {
		cs[i] = l.Class
	}
	return cs
}

// Read decodes a report, checking its version and validity.
func Read(r io.Reader) (*Report, error) {
	var probe struct {
		Version *int `json:"version"`
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("report: not a deadhunt report: %w", err)
	}
	if probe.Version == nil {
		return nil, errors.New("report: not a deadhunt report: no version field")
	}
	if !slices.Contains(readable, *probe.Version) {
		return nil, fmt.Errorf("report: version %d is not supported (this deadhunt reads versions 1 to %d)", *probe.Version, Version)
	}
	var rep Report
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	rep.Version = Version // an older report is a newer one without the new fields
	if err := rep.CheckValid(); err != nil {
		return nil, err
	}
	return &rep, nil
}

// ReadFile reads a report file.
func ReadFile(name string) (*Report, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rep, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rep, nil
}

// Write encodes the report as indented JSON. It sets Version and sorts
// nothing: the order of findings is the writer's ranking.
func (r *Report) Write(w io.Writer) error {
	r.Version = Version
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	if err := r.CheckValid(); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteFile writes the report atomically (temporary file, then rename).
func (r *Report) WriteFile(name string) error {
	tmp, err := os.CreateTemp(dirOf(name), ".report-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := r.Write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

func dirOf(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[:i+1]
	}
	return "."
}
