package rt

import (
	"os"
	"runtime"
	"testing"
)

// The probes find the layout where getg gives the g's address, and the
// state read from a goroutine's g agrees with its stack dump's: blocked
// in a read of a pipe, then ended.
func TestGLayout(t *testing.T) {
	l := gLayoutOf()
	if !fastGoid {
		if l.ok {
			t.Fatal("layout found without getg")
		}
		t.Skip("no getg on this platform")
	}
	if !l.ok {
		t.Fatalf("no layout found (goid at %d)", goidOffset)
	}
	if len(l.reasons) != 4 {
		t.Fatalf("reasons %v, want 4", l.reasons)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := &g{}
	started, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		x.gptr.Store((*byte)(getgp()))
		x.goid.Store(curGoid())
		close(started)
		r.Read(make([]byte, 1))
	}()
	<-started
	st := ""
	for i := 0; i < 100000 && st != "IO wait"; i++ {
		runtime.Gosched()
		st = fastWaitReason(x)
	}
	if st != "IO wait" {
		t.Fatalf("read from g: %q, want IO wait", st)
	}
	if d := waitReason(x.goid.Load()); d != st {
		t.Fatalf("read from g: %q, stack dump: %q", st, d)
	}
	if s := fastState(x, nil); s != "IO wait" {
		t.Fatalf("fastState: %q", s)
	}
	w.Close()
	<-ended
	for i := 0; i < 100000 && st != ""; i++ {
		runtime.Gosched()
		st = fastWaitReason(x)
	}
	if st != "" {
		t.Fatalf("an ended goroutine read %q", st)
	}
}
