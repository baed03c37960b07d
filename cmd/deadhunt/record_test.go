package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func recordCLI(t *testing.T, dir string, b builder, args ...string) cliResult {
	t.Helper()
	var out, errb strings.Builder
	r := &recorder{stdout: &out, stderr: &errb, dir: dir, build: b}
	code := r.main(context.Background(), args)
	return cliResult{code, out.String(), errb.String()}
}

// Record writes one trace per controlled run under .deadhunt/traces,
// replacing the package's earlier traces.
func TestRecord(t *testing.T) {
	dir := module(t)
	stale := filepath.Join(dir, ".deadhunt", "traces", "example.com_fake", "TestGone.random-0.trace")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("deadhunt-trace 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := recordCLI(t, dir, &fakeBuilder{t: t, tests: []string{"TestAimed"}}, "-random", "2", "-pct", "1")
	if r.code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	files, err := filepath.Glob(filepath.Join(dir, ".deadhunt", "traces", "example.com_fake", "*.trace"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	if got := strings.Join(names, " "); got != "TestAimed.pct-1.trace TestAimed.random-0.trace TestAimed.random-1.trace" {
		t.Errorf("traces %s", got)
	}
	for _, s := range []string{"example.com/fake TestAimed: 3 trace(s)", "recorded 3 trace(s) of 1 test(s) in .deadhunt/traces"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
}

func TestRecordUsage(t *testing.T) {
	for _, args := range [][]string{{"-random", "0", "-pct", "0"}, {"-p", "0"}, {"-run", "["}, {"-random", "-1"}} {
		r := recordCLI(t, module(t), &fakeBuilder{t: t}, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt record -h") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, r.code, r.stderr)
		}
	}
}
