package trace

import "fmt"

// Site is a defined acquisition site.
type Site struct{ Pos, Func string }

// Frame is a defined stack frame.
type Frame struct{ Func, Pos string }

// Lock is a lock defined within a run.
type Lock struct{ Class, Instance string }

// Table holds the definitions seen so far in a trace and checks that every
// event uses only defined ids. Sites, frames and stacks are scoped to the
// file; locks to the current run.
type Table struct {
	sites  idTable[Site]
	frames idTable[Frame]
	stacks idTable[[]int]
	locks  idTable[Lock]
	runs   int // runs begun
	run    int // current run number
	test   string
}

// Site returns the site with id.
func (t *Table) Site(id int) (Site, bool) { return t.sites.get(id) }

// Frame returns the frame with id.
func (t *Table) Frame(id int) (Frame, bool) { return t.frames.get(id) }

// Stack returns the frame ids of the stack with id, innermost first.
func (t *Table) Stack(id int) ([]int, bool) { return t.stacks.get(id) }

// Lock returns the lock with id in the current run.
func (t *Table) Lock(id int) (Lock, bool) { return t.locks.get(id) }

// Run returns the current run's number and test, and whether a run has begun.
func (t *Table) Run() (n int, test string, ok bool) { return t.run, t.test, t.runs > 0 }

// Apply records the definitions of e and checks its references. Errors are
// "trace: line N: ...".
func (t *Table) Apply(e Event) error {
	if msg := t.apply(&e); msg != "" {
		return lineError(e.Line, msg)
	}
	return nil
}

func lineError(line int, msg string) error {
	if line == 0 {
		return fmt.Errorf("trace: %s", msg)
	}
	return fmt.Errorf("trace: line %d: %s", line, msg)
}

func (t *Table) apply(e *Event) string {
	switch e.Op {
	case OpRun:
		t.runs++
		t.run, t.test = e.ID, e.Name
		t.locks.reset()
		return ""
	case OpSite:
		return define(&t.sites, "site", e.ID, Site{e.Pos, e.Name})
	case OpFrame:
		return define(&t.frames, "frame", e.ID, Frame{e.Name, e.Pos})
	case OpStack:
		return t.defineStack(e)
	}
	if t.runs == 0 {
		return fmt.Sprintf("%s before the first run", e.Op)
	}
	return t.check(e)
}

func (t *Table) defineStack(e *Event) string {
	for _, f := range e.Frames {
		if !t.frames.has(f) {
			return fmt.Sprintf("stack %d: undefined frame %d", e.ID, f)
		}
	}
	return define(&t.stacks, "stack", e.ID, e.Frames)
}

func (t *Table) check(e *Event) string {
	switch e.Op {
	case OpLock:
		return define(&t.locks, "lock", e.ID, Lock{e.Name, e.Instance})
	case OpAcq, OpRAcq, OpWait, OpRWait:
		if e.Stack != NoStack && e.Op != OpWait && e.Op != OpRWait && !t.stacks.has(e.Stack) {
			return fmt.Sprintf("undefined stack %d", e.Stack)
		}
		fallthrough
	case OpRel, OpRRel:
		if !t.locks.has(e.Lock) {
			return fmt.Sprintf("undefined lock %d", e.Lock)
		}
	}
	if (e.Op == OpAcq || e.Op == OpRAcq || e.Op == OpWait || e.Op == OpRWait || e.Op == OpGo || e.Op == OpComm) && !t.sites.has(e.Site) {
		return fmt.Sprintf("undefined site %d", e.Site)
	}
	return ""
}

func define[T any](tab *idTable[T], what string, id int, v T) string {
	if tab.has(id) {
		return fmt.Sprintf("%s %d defined twice", what, id)
	}
	tab.set(id, v)
	return ""
}
