package predict

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/deadhunt/deadhunt/predict/internal/gen"
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

func generated(tb testing.TB, events, cycles int) []byte {
	var buf bytes.Buffer
	if err := gen.Write(&buf, gen.Config{Events: events, Cycles: cycles, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func cycleCount(res *Result) int {
	n := 0
	for _, c := range res.Predictions {
		if c.Kind == report.LockOrderCycle {
			n++
		}
	}
	return n
}

// TestGenerated checks that prediction finds exactly the cycles planted
// in a generated trace.
func TestGenerated(t *testing.T) {
	data := generated(t, 50_000, 3)
	res, err := Predict(trace.NewReader(bytes.NewReader(data)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := cycleCount(res); n != 3 || len(res.Predictions) != 3 {
		t.Fatalf("%d cycles in %d predictions, want the 3 planted:\n%s", n, len(res.Predictions), res)
	}
}

// BenchmarkPredict measures reading a generated trace and predicting from
// it, at three sizes (run with -benchtime 1x).
func BenchmarkPredict(b *testing.B) {
	for _, n := range []int{100_000, 300_000, 1_000_000} {
		data := generated(b, n, 3)
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				res, err := Predict(trace.NewReader(bytes.NewReader(data)), Options{})
				if err != nil {
					b.Fatal(err)
				}
				if cycleCount(res) != 3 {
					b.Fatalf("found %d cycles, want 3", cycleCount(res))
				}
			}
		})
	}
}

// BenchmarkBlockFinder measures reading a generated trace for blocking
// candidates (the driver's addBlocking does this for every package).
func BenchmarkBlockFinder(b *testing.B) {
	data := generated(b, 300_000, 3)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		bf := NewBlockFinder()
		if err := bf.ReadFrom(trace.NewReader(bytes.NewReader(data))); err != nil {
			b.Fatal(err)
		}
		bf.Predictions()
	}
}

// poolTrace is a run in which the test goroutine adds to a WaitGroup and
// starts a goroutine n times, each worker taking the pool's lock,
// receiving from a buffered channel under it and counting itself done;
// the test then waits (pond's TestSubpoolStopAndWait: 37,000 goroutines).
func poolTrace(n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "deadhunt-trace 1\nrun 1 TestPool\nlock 0 p.mu 0x100\n")
	for i, s := range []string{"Lock", "Add", "go", "Done", "Wait", "Recv"} {
		fmt.Fprintf(&b, "site %d /p/p.go:%d:1 p.%s\n", i+1, i+1, s)
	}
	for i := range n {
		g := i + 2
		fmt.Fprintf(&b, "comm 1 2 %d 9\ngo 1 %d 3\nacq %d 0 1\ncomm %d 6 %d 7\nrel %d 0\ncomm %d 4 %d 9\n",
			trace.CommWGAdd, g, g, g, trace.CommRecv, g, g, trace.CommWGDone)
	}
	fmt.Fprintf(&b, "comm 1 5 %d 9\n", trace.CommWGWait)
	return b.Bytes()
}

// BenchmarkPoolTrace: prediction's cost per goroutine of a run with many
// (ns/goroutine should not grow with n).
func BenchmarkPoolTrace(b *testing.B) {
	for _, n := range []int{1000, 10_000, 40_000} {
		data := poolTrace(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Predict(trace.NewReader(bytes.NewReader(data)), Options{}); err != nil {
					b.Fatal(err)
				}
				bf := NewBlockFinder()
				if err := bf.ReadFrom(trace.NewReader(bytes.NewReader(data))); err != nil {
					b.Fatal(err)
				}
				bf.Predictions()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/goroutine")
		})
	}
}
