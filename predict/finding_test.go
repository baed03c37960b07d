package predict

import (
	"bytes"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
	"golang.org/x/tools/txtar"
)

// predictFile predicts from the trace section of testdata/name.txtar.
func predictFile(t *testing.T, name string) *Result {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/" + name + ".txtar")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Predict(trace.NewReader(bytes.NewReader(golden.Section(ar, "trace").Data)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFindingCycle(t *testing.T) {
	fs := predictFile(t, "abba").Findings("example.com/p")
	if len(fs) != 1 {
		t.Fatalf("%d findings, want 1", len(fs))
	}
	f := fs[0]
	if err := f.CheckValid(); err != nil {
		t.Fatal(err)
	}
	if want := report.ComputeID(report.LockOrderCycle, "example.com/p", []string{"main.b", "main.a"}); f.ID != want {
		t.Errorf("id %s, want %s", f.ID, want)
	}
	if f.Status != report.PredictedDynamic || f.Test != "TestABBA" || !slices.Equal(f.Evidence, []report.Evidence{report.Dynamic}) {
		t.Errorf("status %s test %q evidence %v", f.Status, f.Test, f.Evidence)
	}
	if got := f.Classes(); !slices.Equal(got, []string{"main.a", "main.b"}) {
		t.Errorf("classes %v", got)
	}
	if f.Locks[0].Instance != "0xa" || len(f.Locks[0].Sites) != 2 {
		t.Errorf("lock a = %+v, want instance 0xa and two sites", f.Locks[0])
	}
	if len(f.Edges) != 2 || f.Edges[0].Goroutine != 2 || f.Edges[1].Goroutine != 3 {
		t.Fatalf("edges %+v", f.Edges)
	}
	if want := []string{"main.TestABBA.func1", "main.first"}; !slices.Equal(f.Edges[0].Via, want) {
		t.Errorf("via %v, want %v", f.Edges[0].Via, want)
	}
}

func TestFindingKinds(t *testing.T) {
	cases := []struct {
		file   string
		kind   report.Kind
		locks  int
		status report.Status
	}{
		{"instances", report.LockOrderCycle, 2, report.PredictedDynamic},
		{"doublelock", report.DoubleLock, 1, report.PredictedDynamic},
		{"rwr", report.RWR, 1, report.PredictedDynamic},
		{"acrossruns", report.LockOrderCycle, 2, report.PredictedDynamic},
	}
	for _, c := range cases {
		fs := predictFile(t, c.file).Findings("p")
		if len(fs) != 1 {
			t.Errorf("%s: %d findings, want 1", c.file, len(fs))
			continue
		}
		f := fs[0]
		rep := report.Report{Version: report.Version, Findings: fs}
		if err := rep.CheckValid(); err != nil {
			t.Errorf("%s: %v", c.file, err)
		}
		if f.Kind != c.kind || len(f.Locks) != c.locks || f.Message == "" {
			t.Errorf("%s: kind %s, %d locks, message %q", c.file, f.Kind, len(f.Locks), f.Message)
		}
		if f.ID != report.ComputeID(c.kind, "p", f.Classes()) {
			t.Errorf("%s: id %s does not match its classes", c.file, f.ID)
		}
	}
}

func TestFindingAcrossRunsHasNoTest(t *testing.T) {
	f := predictFile(t, "acrossruns").Findings("p")[0]
	if f.Test != "" || f.Locks[0].Instance != "" {
		t.Errorf("class-level finding from two tests: test %q, instance %q; want both empty", f.Test, f.Locks[0].Instance)
	}
}

func TestPredictionSeen(t *testing.T) {
	c := predictFile(t, "duplicates").Predictions[0]
	if len(c.Seen) != 4 || c.Seen[0].Count != 2 || c.Seen[0].Run.N != 1 || c.Seen[3].Run.N != 2 {
		t.Errorf("seen %v, want the 4 distinct edges of both runs with counts", c.Seen)
	}
	if f := c.Finding("p"); f.Support != 4 { // goroutines 2 and 3 in each of two runs
		t.Errorf("support %d, want 4", f.Support)
	}
}

func TestFindingRWRNamesWriterSite(t *testing.T) {
	f := predictFile(t, "rwr").Findings("p")[0]
	var sites []string
	for _, s := range f.Locks[0].Sites {
		sites = append(sites, s.String())
	}
	if want := []string{"p.go:10:2", "p.go:11:2", "p.go:20:2"}; !slices.Equal(sites, want) {
		t.Errorf("rwr lock sites %v, want both reads and the write %v", sites, want)
	}
}
