package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

var (
	panicRE = regexp.MustCompile(`(?m)^panic: .*$`)
	failRE  = regexp.MustCompile(`(?m)^\s*--- FAIL: .*$`)
)

// stress runs the test binary count times plainly, in the package
// directory, and says whether the bug showed: a hang (the test binary's
// timeout), a failure, or count passes.
func stress(ctx context.Context, b *bug, pkgDir, bin string, count int, timeout time.Duration) string {
	out, err := runEnv(ctx, pkgDir, gopathEnv(b, pkgDir), bin, "-test.run", "^"+b.Test+"$", "-test.count", fmt.Sprint(count), "-test.timeout", timeout.String())
	os.WriteFile(bin+".stress.txt", out, 0o644)
	switch {
	case ctx.Err() != nil:
		return "hung past the bound"
	case strings.Contains(string(out), "panic: test timed out"):
		return fmt.Sprintf("yes: hang (-test.timeout %v, -count=%d)", timeout, count)
	case err != nil:
		what := panicRE.Find(out)
		if what == nil {
			what = failRE.Find(out)
		}
		if what == nil {
			what = []byte(firstLine(out))
		}
		return fmt.Sprintf("fails (-count=%d): %s", count, shorten(string(what), 120))
	case strings.Contains(string(out), "no tests to run"):
		return "no such test"
	}
	return fmt.Sprintf("no: %d/%d pass", count, count)
}

// A verdict is what deadhunt confirm said of the bug's test.
type verdict struct {
	Exit        int      // 3 confirmed, 0 nothing confirmed, 1 error
	ConfirmedAt int      // the run that confirmed, 0 if none
	Runs        int      // the test's runs
	Stop        string   // why the test's hunt stopped
	Findings    []string // kind, status and message of each finding
	Observed    int      // findings only observed (a plain run's hang), not confirmed
	Matches     string   // how the confirmed findings compare with the README's backtrace
	Error       string   // an error of deadhunt's, first line
}

// hunt runs deadhunt confirm on the test in the package directory.
func hunt(ctx context.Context, b *bug, pkgDir, dh, out, reportPath string) verdict {
	cmd := exec.CommandContext(ctx, dh, "confirm", "-count=1", "-run", "^"+b.Test+"$", "-o", reportPath, ".")
	cmd.Dir, cmd.Env = pkgDir, append(gopathEnv(b, pkgDir), "DEADHUNT_CACHE="+filepath.Join(out, "cache"))
	cmd.WaitDelay = 30 * time.Second
	text, err := cmd.CombinedOutput()
	os.WriteFile(strings.TrimSuffix(reportPath, ".json")+".txt", text, 0o644)
	var v verdict
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		v.Exit = ee.ExitCode()
	}
	if ctx.Err() != nil {
		v.Exit, v.Error = -1, "deadhunt did not finish within the bound"
	}
	if v.Exit == 1 || (err != nil && ee == nil) {
		v.Error = shorten(lastLines(text, 3), 240)
	}
	if err := v.read(b, reportPath); err != nil && v.Error == "" {
		v.Error = "no report: " + err.Error()
	}
	return v
}

// read fills in what deadhunt's report says of the bug's test.
func (v *verdict) read(b *bug, reportPath string) error {
	r, err := report.ReadFile(reportPath)
	if err != nil {
		return err
	}
	v.Findings, v.Observed, v.Matches = nil, 0, ""
	for _, t := range r.Tests {
		if t.Test == b.Test {
			v.ConfirmedAt, v.Runs, v.Stop = t.ConfirmedAt, t.Runs, t.Stop
		}
	}
	want := traceFuncs(b.Trace)
	for _, f := range r.Findings {
		v.Findings = append(v.Findings, fmt.Sprintf("%s %s: %s", f.Kind, f.Status, f.Message))
		if f.Status == report.Observed {
			v.Observed++
		}
		if f.Status != report.Confirmed {
			continue
		}
		js, _ := json.Marshal(f)
		var seen []string
		for _, fn := range want {
			if strings.Contains(string(js), fn) {
				seen = append(seen, fn)
			}
		}
		v.Matches = fmt.Sprintf("%d of %d backtrace functions in the finding's stacks %v", len(seen), len(want), seen)
	}
	return nil
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// gopathEnv is goEnv with a GOPATH holding the code at its import path:
// old tests find their testdata through GOPATH (grpc's testdata.Path).
func gopathEnv(b *bug, pkgDir string) []string {
	src := strings.TrimSuffix(filepath.Clean(pkgDir), filepath.Clean("/"+b.Pkg))
	gopath := filepath.Join(filepath.Dir(src), "gopath")
	link := filepath.Join(gopath, "src", b.Import)
	os.MkdirAll(filepath.Dir(link), 0o755)
	os.Symlink(src, link)
	cache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
	return append(goEnv, "GOPATH="+gopath, "GOMODCACHE="+strings.TrimSpace(string(cache)))
}
