package predict

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
	"golang.org/x/tools/txtar"
)

func events(t *testing.T, name string) []trace.Event {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/" + name + ".txtar")
	if err != nil {
		t.Fatal(err)
	}
	r := trace.NewReader(bytes.NewReader(golden.Section(ar, "trace").Data))
	var evs []trace.Event
	for {
		e, err := r.ReadEvent()
		if err == io.EOF {
			return evs
		}
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
}

func TestPredictEventsMatchesReader(t *testing.T) {
	for _, name := range []string{"abba", "duplicates", "rwr", "hbchan"} {
		res, err := PredictEvents(events(t, name), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := res.String(), predictFile(t, name).String(); got != want {
			t.Errorf("%s: from events\n%s\nfrom reader\n%s", name, got, want)
		}
	}
}

func TestPredictEventsChecksIDs(t *testing.T) {
	evs := []trace.Event{
		{Op: trace.OpRun, ID: 1, Name: "T"},
		{Op: trace.OpAcq, G: 1, Lock: 3, Stack: trace.NoStack},
	}
	_, err := PredictEvents(evs, Options{})
	if err == nil || err.Error() != "trace: undefined lock 3" {
		t.Fatalf("error %v, want trace: undefined lock 3", err)
	}
}

func TestPredictReportsReaderErrorWithLine(t *testing.T) {
	_, err := Predict(trace.NewReader(strings.NewReader("deadhunt-trace 1\nrun 1 T\nacq 1 1 1\n")), Options{})
	if err == nil || err.Error() != "trace: line 3: undefined lock 1" {
		t.Fatalf("error %v", err)
	}
}

func TestMaxCycleOption(t *testing.T) {
	res, err := PredictEvents(events(t, "cycle5"), Options{MaxCycle: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Predictions) != 1 || res.Predictions[0].Len() != 5 || len(res.SCCs) != 0 {
		t.Fatalf("with MaxCycle 5 want the 5-cycle as a prediction:\n%s", res)
	}
	res, _ = PredictEvents(events(t, "cycle4"), Options{MaxCycle: 3})
	if len(res.Predictions) != 0 || len(res.SCCs) != 2 {
		t.Fatalf("with MaxCycle 3 want no prediction and the SCC at both levels:\n%s", res)
	}
}

func TestTextOutput(t *testing.T) {
	rep := report.Report{Version: report.Version, Tool: "deadhunt confirm",
		Findings: predictFile(t, "abba").Findings("example.com/p")}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "lock order cycle: main.a then main.b in goroutine 2 at abba.go:11:2") {
		t.Errorf("text output:\n%s", buf.String())
	}
}

// An RWR prediction lists its writers (the goroutine and site of each write
// acquisition or wait of the class), for the directed strategy's aim.
func TestRWRWriters(t *testing.T) {
	for _, name := range []string{"rwr", "rwaitrwr"} {
		res := predictFile(t, name)
		if len(res.Predictions) != 1 || res.Predictions[0].Kind != report.RWR {
			t.Fatalf("%s: %s", name, res)
		}
		c := res.Predictions[0]
		if len(c.Writers) != 1 || c.Writers[0].Goroutine == c.Edges[0].Goroutine || c.Writers[0].Acquired != c.Edges[0].Acquired ||
			c.Writers[0].AcquiredAt.String() != "p.go:20:2" {
			t.Errorf("%s: writers %+v, want one write acquisition of %s at p.go:20:2 by another goroutine", name, c.Writers, c.Edges[0].Acquired)
		}
	}
}
