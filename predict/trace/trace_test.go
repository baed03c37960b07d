package trace

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

const sample = `deadhunt-trace 1
run 1 TestTransfer
site 1 bank.go:10:2 (*bank.Account).Transfer
site 2 "my file.go:12:3" "func with space"
frame 1 (*bank.Account).Transfer bank.go:10
frame 2 bank.TestTransfer bank_test.go:20
stack 1 1 2
stack 2
lock 1 (*bank.Account).mu 0xc000010000
lock 2 (*bank.Account).mu 0xc000010008

go 1 2 1
acq 2 1 1 1
racq 2 2 2
wait 3 1 2
rel 2 1
rrel 2 2
hb 2 1
end 2
run 2 ""
lock 1 pkg.mu 0x1
acq 1 1 1
`

func readAll(t testing.TB, text string) ([]Event, error) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	var evs []Event
	for {
		e, err := r.ReadEvent()
		if err == io.EOF {
			return evs, nil
		}
		if err != nil {
			return evs, err
		}
		evs = append(evs, e)
	}
}

func writeAll(t testing.TB, evs []Event) string {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, e := range evs {
		if err := w.WriteEvent(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestReadSample(t *testing.T) {
	evs, err := readAll(t, sample)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 20 {
		t.Fatalf("read %d events, want 20", len(evs))
	}
	checks := []struct {
		i    int
		want Event
	}{
		{0, Event{Op: OpRun, ID: 1, Name: "TestTransfer"}},
		{2, Event{Op: OpSite, ID: 2, Pos: "my file.go:12:3", Name: "func with space"}},
		{5, Event{Op: OpStack, ID: 1, Frames: []int{1, 2}}},
		{6, Event{Op: OpStack, ID: 2, Frames: []int{}}},
		{8, Event{Op: OpLock, ID: 2, Name: "(*bank.Account).mu", Instance: "0xc000010008"}},
		{10, Event{Op: OpAcq, G: 2, Lock: 1, Site: 1, Stack: 1}},
		{11, Event{Op: OpRAcq, G: 2, Lock: 2, Site: 2, Stack: NoStack}},
		{12, Event{Op: OpWait, G: 3, Lock: 1, Site: 2}},
		{15, Event{Op: OpHB, G: 2, Peer: 1}},
		{17, Event{Op: OpRun, ID: 2, Name: ""}},
	}
	for _, c := range checks {
		if !evs[c.i].Equal(c.want) {
			t.Errorf("event %d = %+v, want %+v", c.i, evs[c.i], c.want)
		}
	}
	if evs[9].Line != 12 {
		t.Errorf("go event on line %d, want 12 (blank line skipped)", evs[9].Line)
	}
}

func TestRoundTrip(t *testing.T) {
	evs, err := readAll(t, sample)
	if err != nil {
		t.Fatal(err)
	}
	text := writeAll(t, evs)
	again, err := readAll(t, text)
	if err != nil {
		t.Fatalf("re-read: %v\n%s", err, text)
	}
	if len(again) != len(evs) {
		t.Fatalf("re-read %d events, want %d", len(again), len(evs))
	}
	for i := range evs {
		if !evs[i].Equal(again[i]) {
			t.Errorf("event %d: %v, re-read as %v", i, evs[i], again[i])
		}
	}
	if want := strings.Replace(sample, "\n\n", "\n", 1); text != want {
		t.Errorf("re-encoded text differs:\n%s\nwant:\n%s", text, want)
	}
}

func TestEmptyWriter(t *testing.T) {
	text := writeAll(t, nil)
	if text != Header+"\n" {
		t.Fatalf("empty trace = %q", text)
	}
	if evs, err := readAll(t, text); err != nil || len(evs) != 0 {
		t.Fatalf("read empty trace: %v, %v", evs, err)
	}
}

func TestWriterRejectsInvalidOp(t *testing.T) {
	w := NewWriter(io.Discard)
	if err := w.WriteEvent(Event{}); err == nil {
		t.Fatal("wrote an event with no op")
	}
}

func TestErrorIsSticky(t *testing.T) {
	r := NewReader(strings.NewReader("deadhunt-trace 1\nfoo\nrun 1 T\n"))
	_, err1 := r.ReadEvent()
	_, err2 := r.ReadEvent()
	if err1 == nil || !errors.Is(err2, err1) {
		t.Fatalf("errors %v then %v, want the same error twice", err1, err2)
	}
}

// A comm event reads back as written, and needs its site defined.
func TestCommEvent(t *testing.T) {
	in := "deadhunt-trace 1\nrun 1 T\nsite 0 a.go:1:2 f\ncomm 1 0 5\n"
	evs, err := readAll(t, in)
	if err != nil {
		t.Fatal(err)
	}
	e := evs[len(evs)-1]
	if e.Op != OpComm || e.G != 1 || e.Site != 0 || e.Mode != CommSend|CommSelect || e.String() != "comm 1 0 5" {
		t.Errorf("read %+v (%q)", e, e.String())
	}
	if _, err := readAll(t, "deadhunt-trace 1\nrun 1 T\ncomm 1 3 1\n"); err == nil {
		t.Error("comm with an undefined site read without error")
	}
	if !Blocks(CommRecv) || Blocks(CommRecv|CommSelect|CommDefault) || Blocks(CommClose) || !Blocks(CommWGWait) {
		t.Error("Blocks")
	}
}

// A comm event's optional object field reads back as written; a trace
// without it (version 1 before the field) reads with Obj 0.
func TestCommObject(t *testing.T) {
	in := "deadhunt-trace 1\nrun 1 T\nsite 0 a.go:1:2 f\ncomm 1 0 2048 7\ncomm 2 0 32\n"
	evs, err := readAll(t, in)
	if err != nil {
		t.Fatal(err)
	}
	add, wait := evs[len(evs)-2], evs[len(evs)-1]
	if add.Mode != CommWGAdd || add.Obj != 7 || add.String() != "comm 1 0 2048 7" {
		t.Errorf("read %+v (%q)", add, add.String())
	}
	if wait.Obj != 0 || wait.String() != "comm 2 0 32" {
		t.Errorf("read %+v (%q)", wait, wait.String())
	}
	if _, err := readAll(t, "deadhunt-trace 1\nrun 1 T\nsite 0 a.go:1:2 f\ncomm 1 0 2048 7 8\n"); err == nil {
		t.Error("comm with five fields read without error")
	}
}
