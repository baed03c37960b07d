package main

import (
	"context"
	"github.com/deadhunt/deadhunt/analyzer"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// badInputModule copies testdata/badinput (a module of broken and hostile
// tests) to a temporary directory, so that deadhunt's state directory is
// not written into the source tree.
func badInputModule(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the bad-input tests build instrumented test binaries")
	}
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata", "badinput"))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// badInputBound bounds a whole deadhunt invocation in these tests: a hang
// fails the test instead of the suite's timeout. It is far above what the
// runs need.
const badInputBound = 4 * time.Minute

func realConfirm(t *testing.T, dir string, args ...string) cliResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), badInputBound)
	defer cancel()
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: dir, build: instrumentBuilder{}, static: analyzer.Findings}
	code := c.main(ctx, args)
	if ctx.Err() != nil {
		t.Fatalf("deadhunt confirm %q did not end within %v\nstdout:\n%s\nstderr:\n%s", args, badInputBound, out.String(), errb.String())
	}
	return cliResult{code, out.String(), errb.String()}
}

// TestBadInput runs deadhunt confirm with the real instrumenter, runtime and
// driver over a module in which one package does not compile, one has no
// tests, and the tests panic, call os.Exit, block on a network read, spin
// on TryLock, leak goroutines waiting for an hour, or block their own
// goroutine for good. Every test must end within its run's bound with its
// outcome in the output, the broken package must be named, and the other
// packages' results kept.
func TestBadInput(t *testing.T) {
	dir := badInputModule(t)
	r := realConfirm(t, dir, "--runs", "5", "--timeout", "3s", "-o", "report.json", "./...")
	rep, err := report.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatalf("exit %d, no report: %v\nstdout:\n%s\nstderr:\n%s", r.code, err, r.stdout, r.stderr)
	}
	// The broken package is an error, but TestSelfRecv's deadlock (below)
	// is confirmed: exit 3, findings are never hidden by errors.
	if r.code != exitDeadlock {
		t.Errorf("exit %d, want %d with %d finding(s)", r.code, exitDeadlock, len(rep.Findings))
	}
	if !hasError(rep, "example.com/badinput/nocompile", "", "undefined: undefinedName") {
		t.Errorf("no error names the package that does not compile and its compiler message:\n%s", r.stdout)
	}
	if n := countErrors(rep, "nocompile"); n != 1 {
		t.Errorf("%d errors name the package that does not compile, want 1:\n%s", n, r.stdout)
	}
	// Outcomes of the tests (the driver's summary lines).
	for _, want := range []struct{ pkg, test, outcome string }{
		{"ok", "TestCounter", `\d+ runs \(\d+ pass\)`},
		{"trylock", "TestSpin", `\d+ runs \(\d+ pass\)`},
		{"leak", "TestLeakSleep", `\d+ runs \(\d+ pass\)`},
		{"leak", "TestLeakTimer", `\d+ runs \(\d+ pass\)`},
		{"panics", "TestPanic", `\d+ runs \(\d+ panic\)`},
		{"exits", "TestExit", `\d+ runs \(\d+ exit\)`},
		{"netread", "TestNetRead", `\d+ runs \(\d+ timeout\)`},
	} {
		line := regexp.MustCompile(`(?m)^example\.com/badinput/` + want.pkg + ` ` + want.test + `: ` + want.outcome)
		if !line.MatchString(r.stdout) {
			t.Errorf("%s %s: no line matching %q in:\n%s", want.pkg, want.test, line, r.stdout)
		}
	}
	// Tests that end badly on their own are reported with their output
	// (text only the run's output holds).
	for _, want := range []struct{ pkg, test, text string }{
		{"panics", "TestPanic", "assignment to entry in nil map"},
		{"exits", "TestExit", "=== RUN   TestExit"},
		{"netread", "TestNetRead", "=== RUN   TestNetRead"},
	} {
		if !hasError(rep, "example.com/badinput/"+want.pkg, want.test, want.text) {
			t.Errorf("%s %s: no error mentioning %q", want.pkg, want.test, want.text)
		}
	}
	// The test whose own goroutine blocks for good hangs under the plain
	// scheduler (the testing package's timer keeps the process alive); the
	// one controlled run the driver then makes confirms it as a deadlock.
	blocked := false
	for _, f := range rep.Findings {
		if f.Test == "TestSelfRecv" && f.Status == report.Confirmed {
			blocked = true
		} else {
			t.Errorf("unexpected finding %s", f.Summary())
		}
	}
	if !blocked {
		t.Errorf("selfblock TestSelfRecv: not confirmed:\n%s", r.stdout)
	}
	for _, e := range rep.Errors {
		if strings.Contains(e.Err, "trace:") {
			t.Errorf("a cut-short run's trace made an error: %s: %s", e.Package, e.Err)
		}
	}
}

func hasError(rep *report.Report, pkg, test, text string) bool {
	for _, e := range rep.Errors {
		if e.Package == pkg && (test == "" || e.Test == test) && strings.Contains(e.Err, text) {
			return true
		}
	}
	return false
}

// TestBadInputNoTests: a package without test files is not an error.
func TestBadInputNoTests(t *testing.T) {
	dir := badInputModule(t)
	r := realConfirm(t, dir, "--runs", "5", "--timeout", "3s", "./notests")
	if r.code != exitOK || !strings.Contains(r.stdout, "0 test(s)") || !strings.Contains(r.stdout, "example.com/badinput/notests: no tests to run") {
		t.Errorf("exit %d, want 0 and no test run\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestBadInputCorruptReport: replay and review reject a report that is
// not one (binary garbage, empty, cut short) with exit 1 and a message
// naming the file, and build nothing.
func TestBadInputCorruptReport(t *testing.T) {
	dir := module(t)
	good := `{"version": 1, "tool": "deadhunt confirm", "findings": [{"id": "DH-0123456789", "kind": "lock-order-cycle"`
	files := map[string][]byte{
		"garbage.json": {0x00, 0xff, 0x13, 0x37, 'P', 'K', 0x03, 0x04},
		"empty.json":   {},
		"cut.json":     []byte(good),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir) // review resolves paths from the working directory
	for name := range files {
		b := &fakeBuilder{t: t}
		r := replayCLI(t, dir, b, name, "--finding", "DH-0123456789")
		if r.code != exitError || !strings.Contains(r.stderr, name) || b.calls != 0 {
			t.Errorf("replay %s: exit %d, %d build(s), stderr %q; want 1, none, the file named", name, r.code, b.calls, r.stderr)
		}
		var out, errb strings.Builder
		code := runReview([]string{"--text", name}, &out, &errb)
		if code != exitError || !strings.Contains(errb.String(), name) {
			t.Errorf("review %s: exit %d, stderr %q; want 1 and the file named", name, code, errb.String())
		}
	}
}

// countErrors counts the report's errors whose package names part.
func countErrors(rep *report.Report, part string) int {
	n := 0
	for _, e := range rep.Errors {
		if strings.Contains(e.Package, part) {
			n++
		}
	}
	return n
}

// TestBadInputPredict: deadhunt predict names a package that does not
// compile once, with the compiler's message, as confirm does.
func TestBadInputPredict(t *testing.T) {
	dir := badInputModule(t)
	var out, errb strings.Builder
	p := &predictor{stdout: &out, stderr: &errb, dir: dir, build: instrumentBuilder{}, static: analyzer.Findings}
	ctx, cancel := context.WithTimeout(context.Background(), badInputBound)
	defer cancel()
	code := p.main(ctx, []string{"-o", "report.json", "./nocompile/...", "./ok/..."})
	rep, err := report.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatalf("exit %d, no report: %v\nstderr:\n%s", code, err, errb.String())
	}
	if !hasError(rep, "example.com/badinput/nocompile", "", "undefined: undefinedName") {
		t.Errorf("no error names the package that does not compile:\n%s", errb.String())
	}
	if n := countErrors(rep, "nocompile"); n != 1 {
		t.Errorf("%d errors name the package that does not compile, want 1:\n%s", n, errb.String())
	}
}
