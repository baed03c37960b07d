package trace

import (
	"bufio"
	"fmt"
	"io"
)

// Writer writes a trace. The header is written before the first event (or
// by Flush if there is none). Call Flush at the end. The Writer does not
// check ids; a Reader does.
type Writer struct {
	w      *bufio.Writer
	buf    []byte
	header bool
	err    error
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

// WriteEvent writes e as one line. Line is ignored.
func (w *Writer) WriteEvent(e Event) error {
	if w.err != nil {
		return w.err
	}
	if !e.Op.Valid() {
		return fmt.Errorf("trace: cannot write event with op %s", e.Op)
	}
	w.writeHeader()
	w.buf = append(appendEvent(w.buf[:0], &e), '\n')
	_, w.err = w.w.Write(w.buf)
	return w.err
}

func (w *Writer) writeHeader() {
	if !w.header {
		w.header = true
		_, w.err = w.w.WriteString(Header + "\n")
	}
}

// Flush writes buffered data to the underlying writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.writeHeader()
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Run begins run n of test: goroutine and lock ids restart.
func (w *Writer) Run(n int, test string) error {
	return w.WriteEvent(Event{Op: OpRun, ID: n, Name: test})
}

// Site defines site id at pos ("file:line:col") in function fn.
func (w *Writer) Site(id int, pos, fn string) error {
	return w.WriteEvent(Event{Op: OpSite, ID: id, Pos: pos, Name: fn})
}

// Frame defines frame id: function fn at pos ("file:line").
func (w *Writer) Frame(id int, fn, pos string) error {
	return w.WriteEvent(Event{Op: OpFrame, ID: id, Name: fn, Pos: pos})
}

// Stack defines stack id from frame ids, innermost first.
func (w *Writer) Stack(id int, frames ...int) error {
	return w.WriteEvent(Event{Op: OpStack, ID: id, Frames: frames})
}

// Lock defines lock id of class with instance (its address in this run).
func (w *Writer) Lock(id int, class, instance string) error {
	return w.WriteEvent(Event{Op: OpLock, ID: id, Name: class, Instance: instance})
}

// Acq records that g acquired lock for writing at site with stack (or NoStack).
func (w *Writer) Acq(g, lock, site, stack int) error {
	return w.WriteEvent(Event{Op: OpAcq, G: g, Lock: lock, Site: site, Stack: stack})
}

// RAcq records that g acquired lock for reading.
func (w *Writer) RAcq(g, lock, site, stack int) error {
	return w.WriteEvent(Event{Op: OpRAcq, G: g, Lock: lock, Site: site, Stack: stack})
}

// Wait records that g is about to block acquiring lock at site.
func (w *Writer) Wait(g, lock, site int) error {
	return w.WriteEvent(Event{Op: OpWait, G: g, Lock: lock, Site: site})
}

// RWait records that g is about to block acquiring lock for reading at site.
func (w *Writer) RWait(g, lock, site int) error {
	return w.WriteEvent(Event{Op: OpRWait, G: g, Lock: lock, Site: site})
}

// Rel records that g released lock (write).
func (w *Writer) Rel(g, lock int) error { return w.WriteEvent(Event{Op: OpRel, G: g, Lock: lock}) }

// RRel records that g released lock (read).
func (w *Writer) RRel(g, lock int) error { return w.WriteEvent(Event{Op: OpRRel, G: g, Lock: lock}) }

// Go records that parent started child at site.
func (w *Writer) Go(parent, child, site int) error {
	return w.WriteEvent(Event{Op: OpGo, G: parent, Peer: child, Site: site})
}

// HB records that what from did so far happens before what to does next.
func (w *Writer) HB(from, to int) error { return w.WriteEvent(Event{Op: OpHB, G: from, Peer: to}) }

// End records that g exited.
func (w *Writer) End(g int) error { return w.WriteEvent(Event{Op: OpEnd, G: g}) }

// Comm records that g is at a communication operation at site: mode is
// its Comm* bits.
func (w *Writer) Comm(g, site, mode int) error {
	return w.WriteEvent(Event{Op: OpComm, G: g, Site: site, Mode: mode})
}
