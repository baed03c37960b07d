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
