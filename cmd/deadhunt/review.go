package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/tui"
)

// runReview is deadhunt review (help/review.txt).
func runReview(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.StringVar(&f.sarif, "sarif", "", "write the report as SARIF 2.1.0 to `file` (- for standard output) instead of the UI")
	fs.StringVar(&f.pprof, "pprof", "", "write the findings' goroutines as a pprof profile to this `file` (go tool pprof -traces file) instead of the UI")
	fs.BoolVar(&f.github, "github", report.GitHubActions(), "write GitHub Actions annotations instead of the UI (default when GITHUB_ACTIONS=true)")
	fs.BoolVar(&f.text, "text", false, "print the report as text instead of the UI")
	check := func(pos []string) error {
		if len(pos) > 1 {
			return fmt.Errorf("want at most one report file, got %d", len(pos))
		}
		return nil
	}
	pos, code, ok := parseCommand(e, fs, check, args)
	if !ok {
		return code
	}
	root, path, note, err := hunt.ReportPath(e.dir, strings.Join(pos, ""))
	if note != "" {
		fmt.Fprintf(e.stderr, "deadhunt review: %s\n", note)
	}
	if err == nil {
		err = f.review(e, root, path)
	}
	if err != nil {
		return e.fail("review", err)
	}
	return exitOK
}

// review opens the report at path in the UI, or writes it as the flags
// say, file names relative to the module root.
func (f *flags) review(e *env, root, path string) error {
	if f.sarif == "" && f.pprof == "" && !f.github && !f.text {
		if isTerminal(e.stdout) {
			exe, err := os.Executable() // for replays run from the UI
			if err != nil {
				exe = os.Args[0]
			}
			return tui.Run(tui.Options{ReportPath: path, ModuleRoot: root, Binary: exe})
		}
		fmt.Fprintln(e.stderr, "deadhunt review: standard output is not a terminal; printing the report as text")
		f.text = true
	}
	rep, err := report.ReadFile(resolve(e.dir, path))
	if err == nil {
		err = hunt.ApplySuppressions(rep, root)
	}
	if err == nil && f.text {
		err = writeText(e.stdout, rep, root)
	}
	if err == nil {
		err = annotate(e, rep, root, resolve(e.dir, f.sarif), f.github)
	}
	if err == nil {
		err = writeProfile(rep, resolve(e.dir, f.pprof))
	}
	return err
}
