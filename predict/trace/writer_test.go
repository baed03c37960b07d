package trace

import (
	"bytes"
	"testing"
)

func TestWriterMethods(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Run(3, "Test X")
	w.Site(1, "a.go:1:2", "p.f")
	w.Frame(2, "p.f", "a.go:1")
	w.Stack(4, 2)
	w.Lock(5, "(*p.T).mu", "0xc0")
	w.Acq(1, 5, 1, 4)
	w.RAcq(1, 5, 1, NoStack)
	w.Wait(2, 5, 1)
	w.RWait(3, 5, 1)
	w.RRel(1, 5)
	w.Rel(1, 5)
	w.Go(1, 2, 1)
	w.HB(2, 1)
	w.End(2)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := `deadhunt-trace 1
run 3 "Test X"
site 1 a.go:1:2 p.f
frame 2 p.f a.go:1
stack 4 2
lock 5 (*p.T).mu 0xc0
acq 1 5 1 4
racq 1 5 1
wait 2 5 1
rwait 3 5 1
rrel 1 5
rel 1 5
go 1 2 1
hb 2 1
end 2
`
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
	if _, err := readAll(t, buf.String()); err != nil {
		t.Errorf("written trace does not read back: %v", err)
	}
}

func TestOpString(t *testing.T) {
	if OpRAcq.String() != "racq" || Op(200).String() != "Op(200)" || OpInvalid.Valid() || !OpComm.Valid() || (OpComm + 1).Valid() {
		t.Error("op names")
	}
}
