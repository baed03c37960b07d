package trace

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// lockTrace writes a trace of n acquire/release events by 8 goroutines over
// 64 locks.
func lockTrace(tb testing.TB, n int) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Run(1, "TestBench")
	w.Site(1, "a.go:1:1", "f")
	w.Frame(1, "f", "a.go:1")
	w.Stack(1, 1)
	for l := 0; l < 64; l++ {
		w.Lock(l, "pkg.mu", fmt.Sprintf("0x%x", l))
	}
	for i := 0; i < n/2; i++ {
		g, l := i%8, i%64
		w.Acq(g, l, 1, 1)
		w.Rel(g, l)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func BenchmarkRead(b *testing.B) {
	data := lockTrace(b, 1_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.ReadEvent()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n < 1_000_000 {
			b.Fatalf("read %d events", n)
		}
	}
}

func TestReadAllocations(t *testing.T) {
	data := lockTrace(t, 10_000)
	r := NewReader(bytes.NewReader(data))
	for i := 0; i < 70; i++ { // definitions
		r.ReadEvent()
	}
	allocs := testing.AllocsPerRun(1000, func() {
		if _, err := r.ReadEvent(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per acq/rel event, want 0", allocs)
	}
}
