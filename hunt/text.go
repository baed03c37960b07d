package hunt

import (
	"fmt"
	"io"
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
	if err := rep.WriteText(w); err != nil {
		return err
	}
	if len(rep.Findings) > 0 || len(rep.Errors) > 0 {
		fmt.Fprintln(w)
	}
	writeTests(w, r.Summary, verbose)
	for _, p := range r.Untested {
		fmt.Fprintf(w, "%s: no tests to run (no test files, or none matching -run)\n", p)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, r.headline())
	for _, f := range r.Report.Active(report.Confirmed) {
		fmt.Fprintf(w, "\t%s\n", f.Witness.Replay)
	}
	fmt.Fprintf(w, "report saved to %s\n", strings.Join(r.Saved, " and "))
	return nil
}

// writeTests writes a line per test hunted; verbose, its calibration,
// aims, warnings and first misbehaving run too.
func writeTests(w io.Writer, sum *driver.Summary, verbose bool) {
	bad := 0
	for _, st := range sum.Tests {
		fmt.Fprintln(w, st.String())
		if st.FirstBad != nil {
			bad++
		}
		if !verbose {
			continue
		}
		cal := st.Calibration
		fmt.Fprintf(w, "\tcalibration: %d steps, %d acquisitions, %d goroutines; radius %d\n", cal.Steps, cal.Acquisitions, cal.Goroutines, cal.Radius)
		for _, a := range st.Aims {
			first := "none confirmed"
			if a.FirstHit > 0 {
				first = fmt.Sprintf("first confirmed at run %d", a.FirstHit)
			}
			fmt.Fprintf(w, "\tdirected at %s: k=%d target acquisitions, n=%d, r=%d, d=%d; %d run(s), %d deadlocked, %s\n",
				a.Aim.ID, a.Steps, a.Goroutines, a.Radius, a.Depth, a.Runs, a.Deadlocks, first)
		}
		for _, warn := range st.Warnings {
			fmt.Fprintf(w, "\twarning: %s\n", warn)
		}
		if b := st.FirstBad; b != nil {
			fmt.Fprintf(w, "\tfirst run to %s: strategy %s seed %d; last output:\n%s\n", b.Outcome, b.Strategy, b.Seed, indent(indent(b.Tail)))
		}
	}
	if bad > 0 && !verbose {
		fmt.Fprintf(w, "%d test(s) misbehaved under some schedules without a deadlock (a test that relies on timing can); -v shows the first such run's output\n", bad)
	}
}

// headline is the summary line: "confirmed 2 deadlock(s) in 40 run(s) of
// 3 test(s) in 2 package(s); 1 prediction(s) not confirmed; replay with:".
func (r *Result) headline() string {
	rep, runs := r.Report, 0
	for _, st := range r.Summary.Tests {
		runs += st.Runs
	}
	scope := fmt.Sprintf("%d run(s) of %d test(s) in %d package(s)", runs, len(r.Summary.Tests), len(rep.Packages))
	confirmed := len(rep.Active(report.Confirmed))
	line := "no deadlock confirmed in " + scope
	if confirmed > 0 {
		line = fmt.Sprintf("confirmed %d deadlock(s) in %s", confirmed, scope)
	}
	if n := len(rep.Active(report.Unconfirmed)); n > 0 {
		line += fmt.Sprintf("; %d prediction(s) not confirmed", n)
	}
	if n := len(rep.Active(report.PredictedStatic)); n > 0 {
		line += fmt.Sprintf("; %d static prediction(s) no test reached", n)
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
