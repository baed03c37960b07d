package predict

import (
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// Prediction is one predicted deadlock: a lock-order cycle, a double lock
// or a recursive read lock with a writer elsewhere. As a report finding
// (Finding) its status is predicted-dynamic; the driver steers the tests
// that showed it toward it (driver.Aim).
type Prediction struct {
	Kind  report.Kind
	Level Level // where the cycle was first found (instance for double lock and RWR)
	// Classes are the lock classes of the cycle in order (one for a double
	// lock or RWR). A cycle over two instances of one class names it twice.
	Classes []string
	// Edges show the deadlock once: for a cycle, one edge per step that
	// passed the filters; for a double lock or RWR, the two acquisitions of
	// the lock.
	Edges []Edge
	// Runs and Goroutines count what showed the prediction's edges (over
	// every run, not only Edges).
	Runs       []Run
	Goroutines int
	// Evidence is one line per edge record seen (at most Options.MaxEvidence).
	Evidence []string
	// Seen holds, for a cycle, every distinct edge recorded on its steps
	// (per run, goroutine, sites and held set), with stacks and counts.
	Seen []Edge
	// Writers holds, for an RWR, the write acquisitions (or waits) of the
	// class by other goroutines, as edges whose Acquired is the lock.
	Writers []Edge
	Target  Target
	// Block describes a blocking candidate (Kind mixed or blocked; see
	// blocking.go); nil for lock-order predictions.
	Block *Block

	recs    []*edgeRec // every record on the cycle's steps
	selfs   []*selfRec // double lock or recursive read records
	writers []self     // RWR: writers of the class
}

// Edge is one acquisition "held → acquired" by one goroutine.
type Edge struct {
	Run          Run
	Goroutine    int
	Held         Lock
	Acquired     Lock
	HeldRead     bool // Held was read-locked
	AcquiredRead bool // Acquired was read-locked
	HeldAt       report.Site
	AcquiredAt   report.Site
	HeldSet      []Lock         // every lock held at the acquisition
	Stack        []report.Frame // at the acquisition, innermost first
	Count        int            // times this edge was seen
}

// Target is what the directed scheduler aims at: the locks, the sites of
// their acquisitions and the goroutines that made them.
type Target struct {
	Classes []string // sorted, unique
	Sites   []report.Site
	// Goroutines are the creation sites ("file:line:col" of the `go`
	// statement, or TestGoroutine) of the goroutines that made the
	// prediction's acquisitions, and for an RWR of its writers: the
	// goroutines the directed scheduler orders (thread bounding). Sorted,
	// unique.
	Goroutines []string
	// Postpone and Until, for a blocking candidate: the directed
	// strategy holds a goroutine back at a Postpone site until another
	// steps at an Until site (or nothing else can step). Sorted, unique.
	Postpone, Until []string
	// First: creation sites whose goroutines the directed strategy runs
	// before their creators' next steps on an aim's first seed (an
	// abandoned partner's select: set up before its creator can stop it).
	First []string
	// Slow: creation sites whose goroutines the directed strategy runs
	// only when nothing else can step (a stopper aim's loop receiver).
	Slow []string
}

// key identifies a prediction for deduplication: kind and sorted classes.
func (c *Prediction) key() string {
	cs := slices.Sorted(slices.Values(c.Classes))
	return string(c.Kind) + "\x00" + strings.Join(cs, "\x00")
}

// Len is the number of locks of the prediction's cycle.
func (c *Prediction) Len() int { return len(c.Classes) }

func (g *Graph) edge(r *edgeRec) Edge {
	t := g.t
	e := Edge{
		Run: t.runs[r.run], Goroutine: int(r.g),
		Held: t.lock(int(r.from)), Acquired: t.lock(int(r.to)),
		HeldRead: r.fromRead(), AcquiredRead: r.toRead(),
		HeldAt: t.sites[r.heldSite], AcquiredAt: t.sites[r.acqSite],
		Count: r.count,
	}
	for _, h := range r.held {
		e.HeldSet = append(e.HeldSet, t.lock(h))
	}
	if r.stack >= 0 {
		e.Stack = t.stacks[r.stack]
	}
	return e
}

func (g *Graph) selfEdge(s *selfRec) Edge {
	t := g.t
	l := t.lock(s.lock)
	e := Edge{
		Run: t.runs[s.run], Goroutine: s.g, Held: l, Acquired: l,
		HeldRead: s.recursiveRead, AcquiredRead: s.recursiveRead,
		HeldAt: t.sites[s.heldSite], AcquiredAt: t.sites[s.acqSite],
		Count: s.count,
	}
	if s.stack >= 0 {
		e.Stack = t.stacks[s.stack]
	}
	return e
}
