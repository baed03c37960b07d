package driver

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Predictions are what the traces of a recording predict.
type Predictions struct {
	// Findings are the predictions as predicted-dynamic findings, ranked
	// per package (predict.Merge), packages in recording order.
	Findings []report.Finding
	// Aims are the predictions to steer each test toward: a prediction is
	// aimed at every test whose traces showed its edges.
	Aims map[TestKey][]Aim
	// Graphs are the lock-order graphs, by package.
	Graphs map[string]*predict.Graph
	// Touched are the lock classes each test's traces define.
	Touched map[TestKey]map[string]bool
	// acqs counts, per test and recorded run, the acquisitions at each
	// site ("file:line:col") by creation site of the goroutine, and the
	// goroutines by creation site.
	acqs map[TestKey][]*runCounts
	// Packages lists the packages with traces, in recording order.
	Packages []string
	Errors   []report.PackageError
}

// Predict reads every trace of a recording, one lock-order graph per
// package, and returns its predictions. A package whose traces cannot be
// read is listed in Errors; the others are still predicted.
func Predict(rec *Recording, opts predict.Options) *Predictions {
	pr := &Predictions{Aims: map[TestKey][]Aim{}, Graphs: map[string]*predict.Graph{}, Touched: map[TestKey]map[string]bool{},
		acqs: map[TestKey][]*runCounts{}}
	for _, pkg := range rec.packages() {
		res, err := pr.predictPackage(pkg, rec.Traces(pkg), opts)
		if err != nil {
			pr.Errors = append(pr.Errors, report.PackageError{Package: pkg, Err: err.Error()})
			continue
		}
		pr.Packages = append(pr.Packages, pkg)
		pr.Graphs[pkg] = res.Graph
		pr.Findings = append(pr.Findings, predict.Merge(res.Findings(pkg), nil)...)
		for _, c := range res.Predictions {
			pr.addAims(pkg, c)
		}
		pr.addBlocking(pkg, rec.Traces(pkg), res)
	}
	return pr
}

func (r *Recording) packages() []string {
	var ps []string
	for _, t := range r.Tests {
		if len(ps) == 0 || ps[len(ps)-1] != t.Package {
			ps = append(ps, t.Package)
		}
	}
	return ps
}

func (pr *Predictions) predictPackage(pkg string, files []string, opts predict.Options) (*predict.Result, error) {
	p := predict.New(opts)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("driver: %w", err)
		}
		if err := p.ReadFrom(trace.NewReader(bytes.NewReader(data))); err != nil {
			return nil, fmt.Errorf("driver: %s: %w", name, err)
		}
		pr.touch(pkg, data)
	}
	return p.Result()
}

// touch adds the lock classes of a trace (already read once, so valid) to
// Touched, and its runs' counts of acquisitions and goroutines, by test.
func (pr *Predictions) touch(pkg string, data []byte) {
	r := trace.NewReader(bytes.NewReader(data))
	var classes map[string]bool
	var run *runCounts
	sites := map[int]string{}
	for {
		e, err := r.ReadEvent()
		if err != nil {
			return
		}
		switch e.Op {
		case trace.OpRun:
			test, _, _ := strings.Cut(e.Name, "/")
			k := TestKey{pkg, test}
			if pr.Touched[k] == nil {
				pr.Touched[k] = map[string]bool{}
			}
			classes = pr.Touched[k]
			run = newRunCounts()
			pr.acqs[k] = append(pr.acqs[k], run)
		case trace.OpSite:
			sites[e.ID] = e.Pos
		case trace.OpLock:
			if classes != nil {
				classes[e.Name] = true
			}
		case trace.OpGo:
			if run != nil {
				run.started(e.Peer, sites[e.Site])
			}
		case trace.OpAcq, trace.OpRAcq:
			if run != nil {
				run.acquired(e.G, sites[e.Site])
			}
		case trace.OpComm:
			if run != nil && e.Obj != 0 {
				run.comm(e.G, e.Mode, e.Obj)
			}
		}
	}
}

// runCounts is what one recorded run did, for the k and n estimates.
type runCounts struct {
	creator map[int]string // goroutine → creation site; absent: the test's
	acqs    map[acqAt]int  // acquisitions by site and creator
	gs      map[string]int // goroutines by creation site
	// polls holds, per channel (comm object), the creation sites of the
	// goroutines that received from it in a select with a default;
	// closes, those of the goroutines that closed it.
	polls, closes map[int][]string
}

// acqAt is an acquisition site and the creation site of the goroutine
// that acquired there.
type acqAt struct{ site, creator string }

func newRunCounts() *runCounts {
	return &runCounts{creator: map[int]string{}, acqs: map[acqAt]int{}, gs: map[string]int{predict.TestGoroutine: 1},
		polls: map[int][]string{}, closes: map[int][]string{}}
}

// comm notes goroutine g's poll or close of channel obj.
func (r *runCounts) comm(g, mode, obj int) {
	c := r.creatorOf(g)
	switch {
	case mode&trace.CommClose != 0:
		r.closes[obj] = append(r.closes[obj], c)
	case mode&trace.CommDefault != 0 && mode&trace.CommRecv != 0:
		if !slices.Contains(r.polls[obj], c) {
			r.polls[obj] = append(r.polls[obj], c)
		}
	}
}

// stopped reports whether a recorded run of the test had a goroutine
// outside t's close a channel that one of t's polled: a stopper that can
// end the target's loop before its cycle forms (Target.Late).
func (pr *Predictions) stopped(k TestKey, t wire.Target) bool {
	for _, run := range pr.acqs[k] {
		for obj, closers := range run.closes {
			polled := slices.ContainsFunc(run.polls[obj], func(c string) bool { return slices.Contains(t.Goroutines, c) })
			if polled && slices.ContainsFunc(closers, func(c string) bool { return !slices.Contains(t.Goroutines, c) }) {
				return true
			}
		}
	}
	return false
}

func (r *runCounts) started(g int, site string) {
	r.creator[g] = site
	r.gs[site]++
}

func (r *runCounts) acquired(g int, site string) { r.acqs[acqAt{site, r.creatorOf(g)}]++ }

// creatorOf is goroutine g's creation site, the test's goroutine's for
// one not made in the run.
func (r *runCounts) creatorOf(g int) string {
	if c, ok := r.creator[g]; ok {
		return c
	}
	return predict.TestGoroutine
}

// stepsFor is the most acquisitions at the target's sites that one
// recorded run of the test made, by the target's goroutines (any, when
// it names none): a k estimate that does not depend on one schedule.
func (pr *Predictions) stepsFor(k TestKey, t wire.Target) int {
	most := 0
	for _, run := range pr.acqs[k] {
		n := 0
		for at, c := range run.acqs {
			if slices.Contains(t.Sites, at.site) && (len(t.Goroutines) == 0 || slices.Contains(t.Goroutines, at.creator)) {
				n += c
			}
		}
		most = max(most, n)
	}
	return most
}

// goroutinesFor is the most goroutines created at the target's creation
// sites in one recorded run of the test: n under thread bounding. 0 when
// the target names no goroutines.
func (pr *Predictions) goroutinesFor(k TestKey, t wire.Target) int {
	most := 0
	for _, run := range pr.acqs[k] {
		n := 0
		for _, c := range t.Goroutines {
			n += run.gs[c]
		}
		most = max(most, n)
	}
	return most
}

// addAims aims c at each top-level test that showed it.
func (pr *Predictions) addAims(pkg string, c *predict.Prediction) {
	t := targetOf(c)
	a := Aim{ID: c.Finding(pkg).ID, Target: t, Depth: aimDepth(c, t)}
	if c.Block != nil {
		a.Runs = blockingRuns
		if c.Block.Flip {
			a.Runs = flipRuns
		}
	}
	seen := map[string]bool{}
	for _, r := range c.Runs {
		test, _, _ := strings.Cut(r.Test, "/")
		if test == "" || seen[test] {
			continue
		}
		seen[test] = true
		k := TestKey{pkg, test}
		a.Steps = pr.stepsFor(k, a.Target)
		a.Goroutines = pr.goroutinesFor(k, a.Target)
		a.Target.HeldSteps = pr.stepsFor(k, wire.Target{Sites: a.Target.HeldSites, Goroutines: a.Target.Goroutines})
		if c.Block != nil { // its holds, not k, decide: no calibration run to count k
			a.Steps = max(1, a.Steps)
		}
		a.Target.Late = c.Block == nil && len(a.Target.Goroutines) > 0 && pr.stopped(k, a.Target)
		pr.Aims[k] = append(pr.Aims[k], a)
	}
}

// addSite adds site s to list unless it is zero or listed.
func addSite(list *[]string, s report.Site) {
	if !s.IsZero() && !slices.Contains(*list, s.String()) {
		*list = append(*list, s.String())
	}
}

// targetOf is the directed strategy's target for c: the sites of the
// inner acquisitions of its edges, where a goroutine already holds the
// edge's first lock and a preemption lets the other goroutines take theirs
// (for a cycle, every recorded edge on its steps; for a double lock or
// RWR, the second acquisition). The runtime counts only acquisitions at
// these sites, so change points fall on them or within radius r of each
// other among them. With no site known, the cycle's lock classes.
// Only the goroutines created where the prediction's were are ordered and
// counted (thread bounding); the runtime runs the others first.
//
// Held sites get one more change point (see aimDepth): the acquisitions
// where a goroutine enters the prediction's lock and after which it can be
// stalled at an inner site, so that delaying its entry lets the others go
// first without letting it finish. For a cycle, its edges' first
// acquisitions. For an RWR, the writers' acquisitions: a writer delayed
// there still comes before the reader stalled at its second read lock,
// and queues between the two. (Not the reader's first read lock: delayed
// there, the writer would lock and unlock before the reader holds
// anything.)
func targetOf(c *predict.Prediction) wire.Target {
	if c.Block != nil {
		return blockTarget(c)
	}
	var sites, held []string
	for _, e := range slices.Concat(c.Edges, c.Seen) {
		addSite(&sites, e.AcquiredAt)
		if c.Kind == report.LockOrderCycle {
			addSite(&held, e.HeldAt)
		}
	}
	for _, w := range c.Writers {
		addSite(&held, w.AcquiredAt)
	}
	if len(sites) == 0 {
		return wire.Target{Classes: c.Target.Classes, Goroutines: c.Target.Goroutines}
	}
	slices.Sort(sites)
	slices.Sort(held)
	t := wire.Target{Sites: sites, Goroutines: c.Target.Goroutines, HeldSites: held}
	if c.Kind == report.LockOrderCycle && c.Len() == 2 && len(held) > 0 {
		// A goroutine about to take its second lock (holding the first)
		// waits until another takes its first: both then hold one and
		// want the other (cycleHolds).
		t.Postpone, t.Until = sites, held
	}
	return t
}

// aimDepth is the least depth assumed for c: a cycle of n locks needs
// n-1 goroutines preempted at an inner acquisition while holding their
// first lock (n-1 change points), plus one more among the inner
// acquisitions, drawn within the radius (depth n+1). With held sites, one change point more is drawn among
// them (depth n+2): an extra ordering constraint that concerns when a
// goroutine enters its outer critical section (it must come after
// another goroutine's, as when one edge exists only once another
// goroutine set a flag under the same lock) cannot be met by preempting
// at the inner acquisitions, which come after it. For an RWR (one lock)
// that makes depth 3: the writer's Lock between the reader's two read
// locks. Options.Depth applies when larger.
func aimDepth(c *predict.Prediction, t wire.Target) int {
	if len(t.HeldSites) > 0 {
		return c.Len() + 2
	}
	return c.Len() + 1
}

// AimFinding aims a static-only prediction (a finding of the static
// analyzer that no trace predicted) at the given tests of its package: at
// the inner acquisition sites of its edges when a recorded run of the test
// reached them, else at its lock classes. It assumes the depth of the
// finding's cycle plus one.
func (pr *Predictions) AimFinding(f *report.Finding, tests []string) {
	var sites []string
	for _, e := range f.Edges {
		addSite(&sites, e.AcquiredAt)
	}
	slices.Sort(sites)
	for _, test := range tests {
		k := TestKey{f.Package, test}
		a := Aim{ID: f.ID, Target: wire.Target{Sites: sites}, Depth: len(f.Locks) + 1}
		if a.Steps = pr.stepsFor(k, a.Target); a.Steps == 0 {
			a.Target = wire.Target{Classes: f.Classes()}
		}
		pr.Aims[k] = append(pr.Aims[k], a)
	}
}
