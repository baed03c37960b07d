package trace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest line a Reader accepts.
const MaxLine = 16 << 20

// Reader reads a trace event by event, checking that ids are defined before
// use. Definitions are events too; Table gives their values.
type Reader struct {
	sc     *bufio.Scanner
	line   int
	header bool
	fields []field
	tab    Table
	err    error
}

// NewReader returns a Reader of the trace in r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	return &Reader{sc: sc}
}

// Table returns the definitions read so far.
func (r *Reader) Table() *Table { return &r.tab }

// ReadEvent returns the next event, or io.EOF after the last one. Blank
// lines are skipped. After an error every call returns that error.
func (r *Reader) ReadEvent() (Event, error) {
	if r.err != nil {
		return Event{}, r.err
	}
	e, err := r.next()
	if err != nil {
		r.err = err
	}
	return e, err
}

func (r *Reader) next() (Event, error) {
	for r.sc.Scan() {
		r.line++
		b := bytes.TrimSuffix(r.sc.Bytes(), []byte{'\r'})
		if !r.header {
			if string(b) != Header {
				return Event{}, lineError(r.line, fmt.Sprintf("missing header %q", Header))
			}
			r.header = true
			continue
		}
		if len(b) == 0 {
			continue
		}
		return r.parse(b)
	}
	return Event{}, r.end()
}

func (r *Reader) parse(b []byte) (Event, error) {
	var msg string
	r.fields, msg = splitFields(b, r.fields[:0])
	if msg != "" {
		return Event{}, lineError(r.line, msg)
	}
	e, msg := decode(r.fields)
	if msg != "" {
		return Event{}, lineError(r.line, msg)
	}
	e.Line = r.line
	if err := r.tab.Apply(e); err != nil {
		return Event{}, err
	}
	return e, nil
}

func (r *Reader) end() error {
	err := r.sc.Err()
	switch {
	case errors.Is(err, bufio.ErrTooLong):
		return lineError(r.line+1, "line too long")
	case err != nil:
		return fmt.Errorf("trace: %w", err)
	case !r.header:
		return lineError(1, fmt.Sprintf("missing header %q", Header))
	}
	return io.EOF
}
