package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/deadhunt/deadhunt/report"
)

func predictCLI(t *testing.T, dir string, b builder, static staticFunc, args ...string) cliResult {
	t.Helper()
	var out, errb strings.Builder
	p := &predictor{stdout: &out, stderr: &errb, dir: dir, build: b, static: static}
	code := p.main(context.Background(), args)
	return cliResult{code, out.String(), errb.String()}
}

// staticFindings is a static analyzer that reports the given findings.
func staticFindings(fs ...report.Finding) staticFunc {
	return func(context.Context, string, ...string) (*report.Report, error) {
		return &report.Report{Version: report.Version, Tool: "lockcycle", Findings: fs}, nil
	}
}

// staticCycle is a predicted-static AB-BA finding of the fake package.
func staticCycle(a, b string) report.Finding {
	classes := []string{"(*fake.T)." + a, "(*fake.T)." + b}
	return report.Finding{ID: report.ComputeID(report.LockOrderCycle, fakePkg, classes), Kind: report.LockOrderCycle,
		Status: report.PredictedStatic, Package: fakePkg, Message: "lock order cycle", Evidence: []report.Evidence{report.Static},
		Locks: []report.Lock{{Class: classes[0], Sites: []report.Site{{File: "/fake/s.go", Line: 3, Col: 2}}}, {Class: classes[1], Sites: []report.Site{{File: "/fake/s.go", Line: 4, Col: 2}}}}}
}

func TestPredict(t *testing.T) {
	dir := module(t)
	r := predictCLI(t, dir, &fakeBuilder{t: t, tests: []string{"TestAimed"}}, staticFindings(staticCycle("a", "b"), staticCycle("x", "y")),
		"--json", "--pprof", "p.pb.gz", "--dot", "g.dot", "--sarif", "out.sarif")
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
	data, err := os.Open(filepath.Join(dir, "p.pb.gz"))
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
	dot, err := os.ReadFile(filepath.Join(dir, "g.dot"))
	if err != nil || !strings.Contains(string(dot), "digraph") || !strings.Contains(string(dot), "(*fake.T).a") {
		t.Errorf("dot file %q, %v", dot, err)
	}
	sarif, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err != nil || !strings.Contains(string(sarif), `"version": "2.1.0"`) {
		t.Errorf("sarif %q, %v", sarif, err)
	}
}

// Text output, and GitHub annotations when run under GitHub Actions.
func TestPredictTextGitHub(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	r := predictCLI(t, module(t), &fakeBuilder{t: t, tests: []string{"TestAimed"}}, nil)
	if r.code != exitOK {
		t.Fatalf("exit %d\nstderr:\n%s", r.code, r.stderr)
	}
	for _, s := range []string{"predicted-dynamic lock-order-cycle (*fake.T).a", "1 prediction(s) in 1 package(s)", "::warning file=/fake/a.go"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "recorded 5 trace(s) of 1 test(s)") {
		t.Errorf("stderr %q", r.stderr)
	}
}

func TestPredictUsage(t *testing.T) {
	for _, args := range [][]string{{"-p", "0"}, {"-run", "["}, {"--bogus"}} {
		r := predictCLI(t, module(t), &fakeBuilder{t: t}, nil, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt predict -h") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, r.code, r.stderr)
		}
	}
}
