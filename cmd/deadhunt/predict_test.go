package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

func TestPredict(t *testing.T) {
	e, _ := fake(t, "TestAimed")
	e.static = hunttest.Static(hunttest.Cycle("a", "b"), hunttest.Cycle("x", "y"))
	r := cli(t, e, "predict", "--json", "--pprof", "p.pb.gz", "--dot", "g.dot", "--sarif", "out.sarif", "-o", "out.json")
	if r.code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	rep, err := report.Read(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatalf("stdout is not a report: %v\n%s", err, r.stdout)
	}
	if len(rep.Findings) != 2 {
		t.Fatalf("findings %v, want the a-b cycle (static and dynamic) and the x-y one (static)", rep.Findings)
	}
	if f := rep.Findings[0]; f.Status != report.PredictedDynamic || report.JoinEvidence(f.Evidence) != "static, dynamic" || f.Classes()[0] != "(*fake.T).a" {
		t.Errorf("first finding %s, evidence %v; want a-b with both evidences", f.Summary(), f.Evidence)
	}
	if f := rep.Findings[1]; f.Status != report.PredictedStatic {
		t.Errorf("second finding %s, want predicted-static", f.Summary())
	}
	if out, err := report.ReadFile(filepath.Join(r.dir, "out.json")); err != nil || len(out.Findings) != 2 {
		t.Errorf("-o: %v", err)
	}
	data, err := os.Open(filepath.Join(r.dir, "p.pb.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer data.Close()
	prof, err := profile.Parse(data)
	if err != nil {
		t.Fatalf("pprof: %v", err)
	}
	if len(prof.Sample) != 2 {
		t.Errorf("profile has %d samples, want one per edge of the cycle:\n%s", len(prof.Sample), prof)
	}
	dot, err := os.ReadFile(filepath.Join(r.dir, "g.dot"))
	if err != nil || !strings.Contains(string(dot), "digraph") || !strings.Contains(string(dot), "(*fake.T).a") {
		t.Errorf("dot file %q, %v", dot, err)
	}
	sarif, err := os.ReadFile(filepath.Join(r.dir, "out.sarif"))
	if err != nil || !strings.Contains(string(sarif), `"version": "2.1.0"`) {
		t.Errorf("sarif %q, %v", sarif, err)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want nothing with --json", r.stderr)
	}
}

// Text output, and GitHub annotations when run under GitHub Actions.
func TestPredictTextGitHub(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	e, _ := fake(t, "TestAimed")
	r := cli(t, e, "predict")
	if r.code != exitOK {
		t.Fatalf("exit %d\nstderr:\n%s", r.code, r.stderr)
	}
	for _, s := range []string{"predicted-dynamic lock-order-cycle (*fake.T).a", "1 prediction(s) in 1 package(s)", "::warning file=/fake/a.go"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
	if want := "deadhunt: recording lock-order traces of 1 package(s)\ndeadhunt: recorded 5 trace(s) of 1 test(s)\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}

// With no trace there is no graph to write: an error, after the report.
func TestPredictNoGraph(t *testing.T) {
	e, _ := fake(t)
	r := cli(t, e, "predict", "--pprof", "p.pb.gz")
	if r.code != exitError || !strings.Contains(r.stderr, "deadhunt predict: no traces recorded: no lock-order graph to write") || !strings.Contains(r.stdout, "0 prediction(s)") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(r.dir, "p.pb.gz")); !os.IsNotExist(err) {
		t.Errorf("profile file: %v, want none written", err)
	}
}

func TestPredictUsage(t *testing.T) {
	for _, args := range [][]string{{"-p", "0"}, {"-run", "["}, {"--bogus"}} {
		e, b := fake(t)
		r := cli(t, e, append([]string{"predict"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt predict -h") || b.Calls() != 0 {
			t.Errorf("%q: exit %d, %d build(s), stderr %q; want a usage error", args, r.code, b.Calls(), r.stderr)
		}
	}
}
