package rt

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"sync"
	"unicode/utf8"
	"weak"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// tracer writes the lock-order trace of predict/TRACE.md (version 1): it
// is an observer of the model (observe.go) that writes acquisitions and
// releases with their sites, goroutine starts and ends, and happens-before
// edges (WaitGroup Done→Wait, channel send→receive, close→receive, Cond
// Signal→wake, Once body→later Do), keeping what it needs to pair them.
type tracer struct {
	f     *os.File
	w     *bufio.Writer
	steps *stepLog // its interned sites are the trace's site IDs
	run   int
	sites []bool // defined, by stepLog.intern index
	locks map[any]int
	// lastLock and lastLockID cache the last lookup in locks.
	lastLock   any
	lastLockID int
	// The goroutines of the ordering events (observer.ordered), by
	// object key: queued puts not yet taken, adds, the last mark.
	queued map[any][]int
	added  map[any][]int
	marked map[any]int
	objs   map[any]int // comm events' objects (tracecomm.go), by run
	// endAt is the step the run's test ended at (-1: not yet): the
	// trace keeps traceEndSteps steps after it (over).
	endAt int
	buf   []byte
	err   error
}

// traceEndSteps is how many steps after the test's end the trace keeps:
// what goroutines the test leaked do then, as the hunt's capped runs show
// it, not the millions a reader loop that never blocks makes until the
// run's real-time limit (keegancsmith/rpc's TestClientTrace: 4.9 million
// acquisitions, seconds to write and to read back for prediction).
const traceEndSteps = wire.LeakedEndSteps

// testEnded notes that the run's test ended at step.
func (t *tracer) testEnded(step int) { t.endAt = step }

// over reports whether the trace has kept its steps after the test's end.
func (t *tracer) over() bool { return t.endAt >= 0 && t.steps.len()-t.endAt > traceEndSteps }

func newTracer(name string, steps *stepLog) (*tracer, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, fmt.Errorf("rt: trace: %w", err)
	}
	t := &tracer{f: f, w: bufio.NewWriterSize(f, 64<<10), steps: steps, locks: map[any]int{},
		queued: map[any][]int{}, added: map[any][]int{}, marked: map[any]int{}, endAt: -1}
	// The header goes out at once, and later writes end at line
	// boundaries (line), so that the trace of a run that exits or is
	// killed midway is a valid, shorter trace.
	t.w.WriteString("deadhunt-trace 1\n")
	if err := t.w.Flush(); err != nil {
		return nil, fmt.Errorf("rt: trace: %w", err)
	}
	return t, nil
}

// line writes one event made of fields already formatted.
func (t *tracer) line(fields ...string) {
	t.buf = t.buf[:0]
	for i, f := range fields {
		if i > 0 {
			t.buf = append(t.buf, ' ')
		}
		t.buf = append(t.buf, f...)
	}
	t.buf = append(t.buf, '\n')
	t.put()
}

// ints writes one event made of a name and n integer fields (n <= 3),
// without formatting them as strings first: lock events are most of a
// trace.
func (t *tracer) ints(name string, n int, a, b, c int) {
	t.buf = append(t.buf[:0], name...)
	for i, v := range [3]int{a, b, c} {
		if i == n {
			break
		}
		t.buf = append(t.buf, ' ')
		t.buf = strconv.AppendInt(t.buf, int64(v), 10)
	}
	t.buf = append(t.buf, '\n')
	t.put()
}

// put writes t.buf, a whole line.
func (t *tracer) put() {
	if t.over() {
		return
	}
	if t.w.Available() < len(t.buf) {
		t.w.Flush() // errors are sticky: Write reports them
	}
	if _, err := t.w.Write(t.buf); err != nil && t.err == nil {
		t.err = err
	}
}

func (t *tracer) startRun(test string) {
	t.run++
	t.endAt = -1
	t.locks = map[any]int{}
	t.lastLock = nil
	t.objs = nil
	t.line("run", strconv.Itoa(t.run), field(test))
}

// site returns the trace id of s, defining it on first use.
func (t *tracer) site(s *Site) int {
	i := t.steps.intern(s)
	for int(i) >= len(t.sites) {
		t.sites = append(t.sites, false)
	}
	if !t.sites[i] && !t.over() { // else written in a later run, where used
		id := strconv.Itoa(int(i))
		t.sites[i] = true
		fn := ""
		if s != nil {
			fn = s.Func
		}
		t.line("site", id, field(s.String()), field(fn))
	}
	return int(i)
}

// weakKey is lock's key in the tracer's table: a weak pointer, so that
// recording does not keep a test's objects alive and a lock allocated
// later at a collected one's address is a new lock.
func weakKey(lock any) any {
	switch l := lock.(type) {
	case *sync.Mutex:
		return weak.Make(l)
	case *sync.RWMutex:
		return weak.Make(l)
	}
	return lock
}

// lock returns the trace id of lock addr, defining it with the class of
// site s on first use in the run.
func (t *tracer) lock(addr any, s *Site) int {
	if addr == t.lastLock {
		return t.lastLockID
	}
	k := weakKey(addr)
	id, ok := t.locks[k]
	if !ok {
		id = len(t.locks)
		t.locks[k] = id
		inst := fmt.Sprintf("%p", addr)
		t.line("lock", strconv.Itoa(id), field(classOf(s, inst)), inst)
	}
	t.lastLock, t.lastLockID = addr, id
	return id
}

func (t *tracer) acquired(x *g, lock any, read bool, s *Site) {
	t.ints(mode(read, "acq", "racq"), 3, x.id, t.lock(lock, s), t.site(s))
}

func (t *tracer) waiting(x *g, lock any, read bool, s *Site) {
	t.ints(mode(read, "wait", "rwait"), 3, x.id, t.lock(lock, s), t.site(s))
}

func (t *tracer) released(x *g, lock any, read bool, s *Site) {
	t.ints(mode(read, "rel", "rrel"), 2, x.id, t.lock(lock, s), 0)
}

// mode names a lock event: write, or its read-lock form.
func mode(read bool, write, readEv string) string {
	if read {
		return readEv
	}
	return write
}

func (t *tracer) started(parent, child *g, s *Site) {
	sid := t.site(s)
	t.ints("go", 3, parent.id, child.id, sid)
}

func (t *tracer) ended(x *g) { t.ints("end", 1, x.id, 0, 0) }

func (t *tracer) synced(from, to *g) { t.hb(from.id, to.id) }

// ordered writes the happens-before edges an ordering event implies.
func (t *tracer) ordered(x *g, k syncKind, key any) {
	switch k {
	case syncPut:
		t.queued[key] = append(t.queued[key], x.id)
	case syncTake:
		if q := t.queued[key]; len(q) > 0 {
			t.hb(q[0], x.id)
			t.queued[key] = q[1:]
		}
	case syncAdd:
		t.added[key] = append(t.added[key], x.id)
	case syncAfterAll:
		for _, d := range t.added[key] {
			t.hb(d, x.id)
		}
	case syncMark:
		t.marked[key] = x.id
	case syncAfterMark:
		t.hb(t.marked[key], x.id)
	}
}

func (t *tracer) hb(from, to int) {
	if from != to && from > 0 && to > 0 {
		t.ints("hb", 2, from, to, 0)
	}
}

func (t *tracer) flush() error {
	if err := t.w.Flush(); err != nil && t.err == nil {
		t.err = err
	}
	return t.err
}

// field quotes a trace field that is empty or holds spaces, quotes,
// control, non-printable or non-UTF-8 characters (TRACE.md).
func field(s string) string {
	if s == "" {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if r <= ' ' || r == '"' || r == 0x7f || r == utf8.RuneError || !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
