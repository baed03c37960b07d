package hunt

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/report"
)

// badInputModule copies testdata/badinput (a module of broken and hostile
// tests) to a temporary directory, so that deadhunt's state directory is
// not written into the source tree.
func badInputModule(t testing.TB) string {
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

// badInputBound bounds a whole pipeline in these tests: a hang fails the
// test instead of the suite's timeout. It is far above what the runs need.
const badInputBound = 4 * time.Minute

// realConfig runs the real instrumenter, runtime, driver and static
// analyzer in dir.
func realConfig(dir string) Config {
	return Config{Dir: dir, Runs: 5, Timeout: 3 * time.Second, Static: analyzer.Findings}
}

// bounded runs f with a context that ends at badInputBound, failing the
// test if it does.
func bounded[T any](t *testing.T, f func(ctx context.Context) (T, error)) (T, error) {
	t.Helper()
	return boundedBy(t, badInputBound, f)
}

// boundedBy is bounded with another bound, for a hunt of many packages.
func boundedBy[T any](t *testing.T, bound time.Duration, f func(ctx context.Context) (T, error)) (T, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), bound)
	defer cancel()
	v, err := f(ctx)
	if ctx.Err() != nil {
		t.Fatalf("did not end within %v: %v", bound, err)
	}
	return v, err
}

// TestBadInput confirms with the real instrumenter, runtime and driver
// over a module in which one package does not compile, one has no tests,
// and the tests panic, call os.Exit, block on a network read, spin on
// TryLock, leak goroutines waiting for an hour, check their own heap, or
// block their own goroutine for good. Every test must end within its run's
// bound with its outcome in the hunt's account of it, the broken package
// must be named, and the other packages' results kept.
func TestBadInput(t *testing.T) {
	cfg := realConfig(badInputModule(t))
	res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
	if err != nil {
		t.Fatal(err)
	}
	rep, lines := res.Report, testLines(res.Summary)
	// The broken package is an error, but TestSelfRecv's deadlock (below)
	// is confirmed: findings are never hidden by errors.
	if res.Verdict != Deadlock {
		t.Errorf("verdict %v, want Deadlock with %d finding(s)", res.Verdict, len(rep.Findings))
	}
	if !hasError(rep, "example.com/badinput/nocompile", "", "undefined: undefinedName") {
		t.Errorf("no error names the package that does not compile and its compiler message:\n%v", rep.Errors)
	}
	if n := countErrors(rep, "nocompile"); n != 1 {
		t.Errorf("%d errors name the package that does not compile, want 1:\n%v", n, rep.Errors)
	}
	// Outcomes of the tests (the driver's summary lines).
	for _, want := range []struct{ pkg, test, outcome string }{
		{"ok", "TestCounter", `\d+ runs \(\d+ pass\)`},
		{"trylock", "TestSpin", `\d+ runs \(\d+ pass\)`},
		{"leak", "TestLeakSleep", `\d+ runs \(\d+ pass\)`},
		{"leak", "TestLeakTimer", `\d+ runs \(\d+ pass\)`},
		{"panics", "TestPanic", `\d+ runs \(\d+ panic\)`},
		{"exits", "TestExit", `\d+ runs \(\d+ exit\)`},
		{"netread", "TestNetRead", `\d+ runs \(\d+ hang\)`},
		// Tests that check their own heap: the model keeps no object alive.
		{"heapcheck", "TestHeapAfterDrop", `\d+ runs \(\d+ pass\)`},
		{"heapcheck", "TestHeapLive", `\d+ runs \(\d+ pass\)`},
		{"bubble", "TestInBubble", `\d+ runs \(\d+ pass\)`},
		{"bubble", "TestOutside", `\d+ runs \(\d+ pass\)`},
	} {
		line := regexp.MustCompile(`(?m)^example\.com/badinput/` + want.pkg + ` ` + want.test + `: ` + want.outcome)
		if !line.MatchString(lines) {
			t.Errorf("%s %s: no line matching %q in:\n%s", want.pkg, want.test, line, lines)
		}
	}
	// A synctest bubble is the blind spot of the test that enters it, not
	// of its package's other tests.
	var text strings.Builder
	if err := res.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`(?m)^example\.com/badinput/bubble TestInBubble: .*\[partly controlled: synctest bubble \S+bubble_test\.go:14:2\]$`,
		`(?m)^example\.com/badinput/bubble TestOutside: .*\[fully controlled\]$`,
		`(?m)^partly controlled: example\.com/badinput/bubble: synctest bubble \S+bubble_test\.go:14:2 \(entered by TestInBubble\)$`} {
		if !regexp.MustCompile(want).MatchString(text.String()) {
			t.Errorf("no line matching %q in:\n%s", want, text.String())
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
	// The network read hangs under control too: the runtime stops it at
	// the bound and the hang finding carries the snapshot, which says the
	// test's goroutine is blocked outside instrumented code.
	blocked, hang := false, false
	for _, f := range rep.Findings {
		switch {
		case f.Test == "TestSelfRecv" && f.Status == report.Confirmed:
			blocked = true
		case f.Test == "TestNetRead" && f.Kind == report.Hang && f.Snapshot != nil && f.Snapshot.Class == report.HangOutside:
			hang = true
		case f.Status == report.PredictedDynamic || f.Status == report.Unconfirmed:
			// A prediction the runs did not bear out (heapcheck's Cond
			// wait, a lost-wakeup candidate) is a hypothesis, not a claim.
		default:
			t.Errorf("unexpected finding %s", f.Summary())
		}
	}
	if !blocked {
		t.Errorf("selfblock TestSelfRecv: not confirmed:\n%s", lines)
	}
	if !hang {
		t.Errorf("netread TestNetRead: no hang finding with a blocked-outside snapshot")
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

// TestBadInputNoTests: a package without test files is not an error.
func TestBadInputNoTests(t *testing.T) {
	cfg := realConfig(badInputModule(t))
	res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./notests"}) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != NoDeadlock || len(res.Summary.Tests) != 0 || strings.Join(res.Untested, " ") != "example.com/badinput/notests" {
		t.Errorf("verdict %v, %d test(s), untested %q; want NoDeadlock, no test run and notests untested", res.Verdict, len(res.Summary.Tests), res.Untested)
	}
}

// TestBadInputPredict: Predict names a package that does not compile
// once, with the compiler's message, as Confirm does.
func TestBadInputPredict(t *testing.T) {
	cfg := realConfig(badInputModule(t))
	ps, err := bounded(t, func(ctx context.Context) (*Predictions, error) {
		return Predict(ctx, cfg, []string{"./nocompile/...", "./ok/..."})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !hasError(ps.Report, "example.com/badinput/nocompile", "", "undefined: undefinedName") {
		t.Errorf("no error names the package that does not compile:\n%v", ps.Report.Errors)
	}
	if n := countErrors(ps.Report, "nocompile"); n != 1 {
		t.Errorf("%d errors name the package that does not compile, want 1:\n%v", n, ps.Report.Errors)
	}
}
