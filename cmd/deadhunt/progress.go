package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// progress prints the pipeline's progress (a hunt.Observer): on a
// terminal one line rewritten in place, otherwise a line per stage and
// per finished test.
type progress struct {
	w       io.Writer
	tty     bool
	verbose bool // print the instrumenter's warnings
}

func (p *progress) Stage(line string) {
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
	} else {
		fmt.Fprintf(p.w, "deadhunt: %s\n", line)
	}
}

func (p *progress) Warning(line string) {
	if p.verbose {
		p.Stage("warning: " + line)
	}
}

func (p *progress) Run(r driver.Progress) {
	switch {
	case p.tty:
		fmt.Fprintf(p.w, "\r\033[K%d package(s) built · %d test(s) done · %s %s %d/%d runs · %d confirmed%s",
			r.Packages, r.Tests, shortPkg(r.Package), r.Test, r.Done, r.Budget, r.Findings, pace(r))
	case r.Finished:
		fmt.Fprintf(p.w, "deadhunt: %s %s: %d run(s) · %d test(s) done · %d confirmed%s\n",
			r.Package, r.Test, r.Done, r.Tests, r.Findings, pace(r))
	}
}

// pace is the hunt-wide part of a progress line: " · of 73 tests, 40
// with no interleaving · 210 runs/s · about 12s left".
func pace(r driver.Progress) string {
	s := fmt.Sprintf(" · of %d tests, %d with no interleaving", r.TotalTests, r.NoInterleaving)
	if r.RunsPerSecond > 0 {
		s += fmt.Sprintf(" · %.0f runs/s", r.RunsPerSecond)
	}
	if r.Left > 0 {
		s += fmt.Sprintf(" · about %s left", r.Left)
	}
	return s
}

// end clears the progress line on a terminal.
func (p *progress) end() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func shortPkg(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		if j := strings.LastIndexByte(p[:i], '/'); j >= 0 {
			return p[j+1:]
		}
	}
	return p
}
