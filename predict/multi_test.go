package predict

import (
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/predict/trace"
)

// TestReadFromSeveralTraces reads two trace files whose site and lock ids
// coincide but mean different things: ids are scoped to their file.
func TestReadFromSeveralTraces(t *testing.T) {
	first := "deadhunt-trace 1\nsite 1 a.go:1:1 p.f\nsite 2 a.go:2:1 p.f\nrun 1 TestA\n" +
		"lock 1 p.a 0x1\nlock 2 p.b 0x2\nacq 1 1 1\nacq 1 2 2\n"
	second := "deadhunt-trace 1\nsite 1 b.go:1:1 p.g\nsite 2 b.go:2:1 p.g\nrun 1 TestB\n" +
		"lock 1 p.b 0x1\nlock 2 p.a 0x2\nacq 1 1 1\nacq 1 2 2\n"
	p := New(Options{})
	for _, text := range []string{first, second} {
		if err := p.ReadFrom(trace.NewReader(strings.NewReader(text))); err != nil {
			t.Fatal(err)
		}
	}
	res, err := p.Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Predictions) != 1 {
		t.Fatalf("want the class-level cycle across the two files:\n%s", res)
	}
	c := res.Predictions[0]
	if c.Level != Class || len(c.Runs) != 2 || c.Runs[1].Test != "TestB" {
		t.Errorf("prediction %s", c)
	}
	e := c.Edges[1]
	if e.Held.Class != "p.b" || e.AcquiredAt.File != "b.go" || e.AcquiredAt.Line != 2 || e.HeldAt.Func != "p.g" {
		t.Errorf("second file's edge resolved against the wrong sites: %s", e)
	}
}
