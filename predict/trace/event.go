// Package trace reads and writes deadhunt lock-order traces, the text format
// specified in predict/TRACE.md: one event per line, streamed.
package trace

import "strconv"

// Header is the first line of every trace.
const Header = "deadhunt-trace 1"

// NoStack is Event.Stack for an acquisition recorded without a stack.
const NoStack = -1

// Op is the kind of an event: the first word of its line.
type Op uint8

const (
	OpInvalid Op = iota
	OpRun        // run <n> <test>
	OpSite       // site <sid> <file:line:col> <func>
	OpFrame      // frame <fid> <func> <file:line>
	OpStack      // stack <kid> <fid>...
	OpLock       // lock <lid> <class> <instance>
	OpAcq        // acq <g> <lid> <sid> [<kid>]
	OpRAcq       // racq <g> <lid> <sid> [<kid>]
	OpWait       // wait <g> <lid> <sid>
	OpRel        // rel <g> <lid>
	OpRRel       // rrel <g> <lid>
	OpGo         // go <parent> <child> <sid>
	OpHB         // hb <from> <to>
	OpEnd        // end <g>
	OpRWait      // rwait <g> <lid> <sid>
	OpComm       // comm <g> <sid> <mode> [<obj>]
	numOps
)

var opNames = [numOps]string{"invalid", "run", "site", "frame", "stack", "lock",
	"acq", "racq", "wait", "rel", "rrel", "go", "hb", "end", "rwait", "comm"}

func (op Op) String() string {
	if op < numOps {
		return opNames[op]
	}
	return "Op(" + strconv.Itoa(int(op)) + ")"
}

// Valid reports whether op names a real event.
func (op Op) Valid() bool { return op > OpInvalid && op < numOps }

// Event is one line of a trace. Which fields are meaningful depends on Op,
// as listed on each field; the others are zero.
type Event struct {
	Op   Op
	Line int // line of the input it was read from (0 when not read)

	G     int // acq racq wait rwait rel rrel end comm: the goroutine; go: the parent; hb: from
	Peer  int // go: the child; hb: to
	ID    int // run: the run number; site frame stack lock: the id defined
	Lock  int // acq racq wait rwait rel rrel: the lock id
	Site  int // acq racq wait rwait go comm: the site id
	Stack int // acq racq: the stack id, or NoStack
	Mode  int // comm: what the operation is (Comm* bits)
	Obj   int // comm: the WaitGroup, Cond or channel operated on (a run-scoped id), 0 when not written

	Name     string // run: the test; site frame: the function; lock: the class
	Pos      string // site: file:line:col; frame: file:line
	Instance string // lock: the instance (address) in this run
	Frames   []int  // stack: frame ids, innermost first
}

// String is the event's line in the trace format, without the newline.
func (e Event) String() string { return string(appendEvent(nil, &e)) }

// Equal reports whether two events are the same, ignoring Line.
func (e Event) Equal(f Event) bool {
	if e.Op != f.Op || e.G != f.G || e.Peer != f.Peer || e.ID != f.ID ||
		e.Lock != f.Lock || e.Site != f.Site || e.Stack != f.Stack || e.Mode != f.Mode || e.Obj != f.Obj ||
		e.Name != f.Name || e.Pos != f.Pos || e.Instance != f.Instance ||
		len(e.Frames) != len(f.Frames) {
		return false
	}
	for i := range e.Frames {
		if e.Frames[i] != f.Frames[i] {
			return false
		}
	}
	return true
}
