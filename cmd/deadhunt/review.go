package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
	"github.com/deadhunt/deadhunt/tui"
)

func init() {
	register(command{name: "review", summary: "review findings in a terminal UI, or write them as SARIF or annotations", run: runReview})
}

const reviewUsage = `usage: deadhunt review [flags] [report.json]

Review the findings of a report in a terminal UI: the list (confirmed first),
each cycle with the goroutines' stacks and source, the witness schedule as
lanes; replay a witness, open a site in $EDITOR, mark a finding ignored
(saved in .deadhunt/ignore.json), copy the replay command.

The report defaults to .deadhunt/last.json in the module root, the last one
deadhunt confirm wrote. With -sarif or -github, or when standard output is
not a terminal, the report is written instead of reviewed.

Flags:
`

type reviewFlags struct {
	sarif  string
	github bool
	text   bool
}

func (f *reviewFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.StringVar(&f.sarif, "sarif", "", "write the report as SARIF 2.1.0 to `file` (- for standard output) instead of the UI")
	fs.BoolVar(&f.github, "github", report.GitHubActions(), "write GitHub Actions annotations instead of the UI (default when GITHUB_ACTIONS=true)")
	fs.BoolVar(&f.text, "text", false, "print the report as text instead of the UI")
	fs.SetOutput(io.Discard)
	return fs
}

func runReview(args []string, stdout, stderr io.Writer) int {
	var flags reviewFlags
	fs := flags.flagSet()
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(reviewUsage)(stdout, fs)
		return exitOK
	}
	if err == nil && len(pos) > 1 {
		err = fmt.Errorf("want at most one report file, got %d", len(pos))
	}
	if err != nil {
		fmt.Fprintf(stderr, "deadhunt review: %v\nRun 'deadhunt review -h' for usage.\n", err)
		return exitUsage
	}
	root, path, err := reviewPaths(pos)
	if err == nil {
		err = flags.run(root, path, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "deadhunt review: %v\n", err)
		return exitError
	}
	return exitOK
}

// reviewPaths finds the module root (of the working directory, else of the
// report) and the report, by default the last one confirm wrote.
func reviewPaths(pos []string) (root, path string, err error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", "", err
	}
	root, rootErr := moduleRoot(wd)
	if len(pos) == 0 {
		if rootErr != nil {
			return "", "", rootErr
		}
		path = filepath.Join(root, ".deadhunt", "last.json")
		if _, err := os.Stat(path); err != nil {
			return "", "", fmt.Errorf("no report given and none at %s: run deadhunt confirm first", path)
		}
		if rel, err := filepath.Rel(wd, path); err == nil && len(rel) < len(path) {
			path = rel // shorter in the title and in replay commands
		}
		return root, path, nil
	}
	path = pos[0]
	if rootErr != nil {
		abs, err := filepath.Abs(path)
		if err != nil {
			return "", "", err
		}
		if root, rootErr = moduleRoot(filepath.Dir(abs)); rootErr != nil {
			root = filepath.Dir(abs)
		}
	}
	return root, path, nil
}

func (f *reviewFlags) run(root, path string, stdout, stderr io.Writer) error {
	if f.sarif == "" && !f.github && !f.text {
		if isTerminal(stdout) {
			return tui.Run(tui.Options{ReportPath: path, ModuleRoot: root, Binary: selfBinary()})
		}
		fmt.Fprintln(stderr, "deadhunt review: standard output is not a terminal; printing the report as text")
		f.text = true
	}
	rep, err := report.ReadFile(path)
	if err != nil {
		return err
	}
	if err := applySuppressions(rep, root); err != nil {
		return err
	}
	if rep, err = rep.RelativeTo(root); err != nil {
		return err
	}
	if f.text {
		if err := rep.WriteText(stdout); err != nil {
			return err
		}
	}
	if f.github {
		if err := rep.WriteGitHub(stdout); err != nil {
			return err
		}
	}
	if f.sarif != "" {
		return writeSARIF(rep, f.sarif, stdout)
	}
	return nil
}

func writeSARIF(rep *report.Report, name string, stdout io.Writer) error {
	if name == "-" {
		return rep.WriteSARIF(stdout, reviewVersion())
	}
	out, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := rep.WriteSARIF(out, reviewVersion()); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// applySuppressions marks the findings listed in the module's suppression
// file ignored, so annotations skip them and SARIF marks them suppressed.
func applySuppressions(rep *report.Report, root string) error {
	set, err := suppress.Load(root)
	if err != nil {
		return err
	}
	for i := range rep.Findings {
		f := &rep.Findings[i]
		if e, ok := set.Lookup(f.ID); ok && f.Ignored == nil {
			f.Ignored = &report.Ignore{Reason: e.Reason, At: e.At}
		}
	}
	return nil
}

// reviewVersion is deadhunt's module version, "(devel)" for a local build.
func reviewVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// selfBinary is this executable, for replays run from the UI.
func selfBinary() string {
	if exe, err := os.Executable(); err == nil {
		return exe
	}
	return os.Args[0]
}
