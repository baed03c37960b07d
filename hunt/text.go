package hunt

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// WriteText writes what deadhunt confirm prints: the report as text (file
// names relative to Config.Dir, as go vet prints them), a line per test
// (verbose: with its calibration, aims, warnings and first misbehaving
// run), the packages with no test, the summary line, the replay commands
// and where the report was saved.
func (r *Result) WriteText(w io.Writer, verbose bool) error {
	rep, err := r.Report.RelativeTo(r.dir)
	if err != nil {
		return err
	}
	write, repeated := rep.WriteText, rep.Repeated()
	if verbose {
		write, repeated = rep.WriteTextAll, nil
	}
	if err := write(w); err != nil {
		return err
	}
	if len(rep.Findings) > 0 || len(rep.Errors) > 0 {
		fmt.Fprintln(w)
	}
	writeTests(w, r.Summary, rep, r.Cached, verbose, r.hints)
	for _, p := range r.Untested {
		fmt.Fprintf(w, "%s: no tests to run (no test files, or %s)\n", p, r.hints.noneSelected())
	}
	r.writeScale(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, r.headline())
	for _, l := range replayLines(r.Report.Active(report.Confirmed), repeated, hint(r.hints.Verbose, "lists them")) {
		fmt.Fprintf(w, "\t%s\n", l)
	}
	fmt.Fprintln(w, r.control())
	if why := r.incomplete(); len(why) > 0 {
		fmt.Fprintf(w, "exit status 1: %s\n", strings.Join(why, "; "))
	}
	if len(r.Saved) > 0 {
		fmt.Fprintf(w, "report saved to %s\n", strings.Join(r.Saved, " and "))
	}
	if r.Unsaved != "" {
		fmt.Fprintf(w, "report not saved: %s\n", r.Unsaved)
	}
	return nil
}

// maxReplayLines is how many confirmed findings the summary gives a replay
// command each; beyond it, one command replays them all.
const maxReplayLines = 3

// replayLines are the summary's replay commands for the confirmed
// findings: one each, or, for more than maxReplayLines, the command that
// replays every one (each finding's own is under its stacks); repeated
// findings are counted, not listed.
func replayLines(confirmed []report.Finding, repeated map[string]bool, more string) []string {
	var lines []string
	var first *report.Finding
	left := 0
	for i, f := range confirmed {
		if repeated[f.ID] {
			left++
			continue
		}
		if first == nil {
			first = &confirmed[i]
		}
		lines = append(lines, f.Witness.Replay)
	}
	if len(lines) > maxReplayLines {
		if all, ok := driver.ReplayAllCommand(first.Witness.Replay, first.ID); ok {
			lines = []string{fmt.Sprintf("%s   (all %d; one: --finding ID, as under each finding)", all, len(lines)+left)}
			left = 0
		}
	}
	if left > 0 {
		lines = append(lines, fmt.Sprintf("and %d more of the same shapes%s", left, more))
	}
	return lines
}

// inBlindFile reports whether every acquisition site of f lies in a file
// that runs outside control (a cgo file).
func inBlindFile(f *report.Finding, spots []report.BlindSpot) bool {
	seen := false
	for _, l := range f.Locks {
		for _, s := range l.Sites {
			if !slices.ContainsFunc(spots, func(b report.BlindSpot) bool { return b.What == "cgo file" && b.Pos == s.File }) {
				return false
			}
			seen = true
		}
	}
	return seen
}

// partly lists the blind spots of a test, "" if it ran fully
// controlled: "cgo file p/x.go, synctest bubble p/x_test.go:10:2".
func partly(rep *report.Report, st *driver.TestStats) string {
	var what []string
	for _, s := range rep.BlindSpots {
		if s.Package == st.Package && s.Of(st.Test) {
			what = append(what, strings.TrimSuffix(s.What+" "+s.Pos, " "))
		}
	}
	return strings.Join(what, ", ")
}

// control says how much of the hunted code ran under control: "all 3
// package(s) with tests fully controlled", or which were partly controlled
// (the report's text lists what ran outside control). Only the packages
// whose tests were hunted are counted; dependencies (instrumented packages
// of other modules, or of the module but not matched) and matched packages
// not hunted are named apart.
func (r *Result) control() string {
	hunted := map[string]bool{}
	for _, st := range r.Summary.Tests {
		hunted[st.Package] = true
	}
	var own, deps, other []string
	seen := map[string]bool{}
	for _, s := range r.Report.BlindSpots {
		if !s.Reached() || seen[s.Package] {
			continue
		}
		seen[s.Package] = true
		switch {
		case hunted[s.Package]:
			own = append(own, s.Package)
		case slices.Contains(r.Report.Packages, s.Package):
			other = append(other, s.Package)
		default:
			deps = append(deps, s.Package)
		}
	}
	if len(seen) == 0 {
		return fmt.Sprintf("control: all %d package(s) with tests fully controlled", len(hunted))
	}
	line := fmt.Sprintf("control: %d of %d package(s) with tests partly controlled", len(own), len(hunted))
	if len(own) > 0 {
		line += " (" + sortedList(own) + ")"
	}
	if len(deps) > 0 {
		line += "; dependencies partly controlled: " + sortedList(deps)
	}
	if len(other) > 0 {
		line += "; packages not hunted partly controlled: " + sortedList(other)
	}
	return line + `: see "partly controlled" above; deadlocks there can be missed`
}

// sortedList is names sorted, comma-separated.
func sortedList(names []string) string {
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// incomplete lists why a run that confirmed nothing ends with status 1.
func (r *Result) incomplete() []string {
	if r.Verdict != Incomplete {
		return nil
	}
	var why []string
	failed, hung := 0, 0
	for _, st := range r.Summary.Tests {
		switch {
		case st.Failure != nil && st.Failure.Outcome.Hung():
			hung++
		case st.Failure != nil:
			failed++
		}
	}
	if failed > 0 {
		why = append(why, fmt.Sprintf("%d test(s) fail on their own in their plain run (alone, no other process beside it, without deadhunt's scheduler) and were not hunted", failed))
	}
	if hung > 0 {
		why = append(why, fmt.Sprintf("%d test(s) hang in their plain run (as go test would time out); hunted under control, no deadlock confirmed", hung))
	}
	if r.unbuilt > 0 {
		why = append(why, fmt.Sprintf("%d package(s) did not build", r.unbuilt))
	}
	if other := len(r.Report.Errors) - failed - hung - r.unbuilt; other > 0 {
		why = append(why, fmt.Sprintf("%d other error(s) above", other))
	}
	if in := r.Report.Interrupted; in != nil {
		why = append(why, fmt.Sprintf("the hunt was stopped (%s) after %d of %d tests", in.Cause, in.Done, in.Total))
	}
	return why
}

// writeTests writes a line per test hunted, marking those reused from the
// cache; verbose, its calibration, aims, warnings and first misbehaving
// run too.
func writeTests(w io.Writer, sum *driver.Summary, rep *report.Report, cached []report.TestRef, verbose bool, h Hints) {
	bad := 0
	for _, st := range sum.Tests {
		control := " [fully controlled]"
		if p := partly(rep, &st); p != "" {
			control = " [partly controlled: " + p + "]"
		}
		if st.NotHunted {
			control = ""
		}
		fmt.Fprintln(w, st.String()+control+cachedMark(st, cached))
		if st.FirstBad != nil {
			bad++
		}
		for _, l := range leakLines(rep, &st, verbose) {
			fmt.Fprintf(w, "\t%s\n", l)
		}
		if !verbose {
			continue
		}
		cal := st.Calibration
		fmt.Fprintf(w, "\tcalibration: %d steps, %d acquisitions, %d goroutines; radius %d\n", cal.Steps, cal.Acquisitions, cal.Goroutines, cal.Radius)
		if st.ConfirmedAt > 0 {
			fmt.Fprintf(w, "\tfirst confirmation at run %d\n", st.ConfirmedAt)
		}
		for _, a := range st.Aims {
			first := "none confirmed"
			if a.FirstHit > 0 {
				first = fmt.Sprintf("first confirmed at run %d", a.FirstHit)
			}
			fmt.Fprintf(w, "\tdirected at %s: k=%d target acquisitions, n=%d, r=%d, d=%d; %d run(s), %d deadlocked, %s\n",
				a.Aim.ID, a.Steps, a.Goroutines, a.Radius, a.Depth, a.Runs, a.Deadlocks, first)
		}
		if st.Uncounted != "" {
			fmt.Fprintf(w, "\torderings not counted: %s\n", st.Uncounted)
		}
		for _, warn := range st.Warnings {
			fmt.Fprintf(w, "\twarning: %s\n", warn)
		}
		if b := st.FirstBad; b != nil {
			fmt.Fprintf(w, "\tfirst run to %s: strategy %s seed %d; last output:\n%s\n", b.Outcome, b.Strategy, b.Seed, indent(indent(b.Tail)))
		}
	}
	if line := stopsLine(sum); line != "" {
		fmt.Fprintln(w, line)
	}
	if line := leaksLine(sum, verbose); line != "" {
		fmt.Fprintln(w, line)
	}
	if bad > 0 && !verbose {
		fmt.Fprintf(w, "%d test(s) misbehaved under some schedules without a deadlock (a test that relies on timing can)%s\n", bad, hint(h.Verbose, "shows the first such run's output"))
	}
}

// headline is the summary line: "confirmed 2 deadlock(s) in 40 run(s) of
// 3 test(s) in 2 package(s); 1 prediction(s) not confirmed; replay with:".
func (r *Result) headline() string {
	rep, runs := r.Report, 0
	pkgs := map[string]bool{} // those whose tests ran: the others are named on lines of their own
	for _, st := range r.Summary.Tests {
		runs += st.Runs
		pkgs[st.Package] = true
	}
	scope := fmt.Sprintf("%d run(s) of %d test(s) in %d package(s)", runs, len(r.Summary.Tests), len(pkgs))
	confirmed := len(rep.Active(report.Confirmed))
	line := "no deadlock confirmed in " + scope
	if confirmed > 0 {
		line = fmt.Sprintf("confirmed %d deadlock(s) in %s", confirmed, scope)
	}
	if in := rep.Interrupted; in != nil {
		line = fmt.Sprintf("interrupted after %d of %d tests (%s): %s", in.Done, in.Total, in.Cause, line)
	}
	if n := len(rep.Active(report.Unconfirmed)); n > 0 {
		line += fmt.Sprintf("; %d prediction(s) not confirmed", n)
	}
	if static := rep.Active(report.PredictedStatic); len(static) > 0 {
		blind := 0
		for i := range static {
			if inBlindFile(&static[i], rep.BlindSpots) {
				blind++
			}
		}
		if n := len(static) - blind; n > 0 {
			line += fmt.Sprintf("; %d static prediction(s) not tried: no recorded run took their locks in instrumented code", n)
		}
		if blind > 0 {
			line += fmt.Sprintf("; %d static prediction(s) not tried: their locks are taken in a file deadhunt does not control (partly controlled)", blind)
		}
	}
	ignored := 0
	for _, f := range rep.Findings {
		if f.Ignored != nil {
			ignored++
		}
	}
	if ignored > 0 {
		line += fmt.Sprintf("; %d ignored", ignored)
	}
	if confirmed > 0 {
		line += "; replay with:"
	}
	return line
}

// WriteText writes what deadhunt predict prints: the report as text, file
// names relative to Config.Dir, and a count of the predictions.
func (ps *Predictions) WriteText(w io.Writer) error {
	rep, err := ps.Report.RelativeTo(ps.dir)
	if err != nil {
		return err
	}
	if err := rep.WriteText(w); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%d prediction(s) in %d package(s); confirm with: deadhunt confirm\n", len(rep.Findings), len(rep.Packages))
	return err
}
