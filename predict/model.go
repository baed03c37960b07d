package predict

import (
	"fmt"

	"github.com/deadhunt/deadhunt/report"
)

// Run identifies one recorded run.
type Run struct {
	N    int    // run number in its trace
	Test string // test that ran
}

func (r Run) String() string { return fmt.Sprintf("run %d %s", r.N, r.Test) }

// Lock is one lock instance of one run.
type Lock struct {
	Class    string
	Instance string
}

func (l Lock) String() string { return l.Class + "@" + l.Instance }

// lockInfo is a lock instance; its index in Graph.locks names it.
type lockInfo struct {
	run      int // index in Graph.runs
	class    int // index in Graph.classes
	instance string
}

// tables interns runs, classes, sites and stacks across traces.
type tables struct {
	runs     []Run
	classes  []string
	classIdx map[string]int
	locks    []lockInfo
	sites    []report.Site
	siteIdx  map[report.Site]int
	stacks   [][]report.Frame
	// created maps a goroutine of a run to the site of the `go` statement
	// that created it; a run's test goroutine has none.
	created map[runG]int
}

// runG names one goroutine of one run: its run's index in tables.runs and
// its id in the trace.
type runG struct{ run, g int }

// TestGoroutine is the creation identity of a run's test goroutine (the
// one no `go` event created), as Target.Goroutines names it.
const TestGoroutine = "test"

// creator is the creation identity of goroutine g of run: "file:line:col"
// of its `go` statement, or TestGoroutine.
func (t *tables) creator(run, g int) string {
	if s, ok := t.created[runG{run, g}]; ok {
		return t.sites[s].String()
	}
	return TestGoroutine
}

func (t *tables) class(name string) int {
	if i, ok := t.classIdx[name]; ok {
		return i
	}
	t.classIdx[name] = len(t.classes)
	t.classes = append(t.classes, name)
	return len(t.classes) - 1
}

func (t *tables) site(s report.Site) int {
	if i, ok := t.siteIdx[s]; ok {
		return i
	}
	t.siteIdx[s] = len(t.sites)
	t.sites = append(t.sites, s)
	return len(t.sites) - 1
}

func (t *tables) lock(i int) Lock {
	l := t.locks[i]
	return Lock{t.classes[l.class], l.instance}
}

func (t *tables) run(lock int) Run { return t.runs[t.locks[lock].run] }
