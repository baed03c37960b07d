package report

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
)

// Sort orders findings for display: confirmed first, then by kind, package,
// test and ID. It is stable for equal findings.
func Sort(fs []Finding) {
	kindRank := func(k Kind) int {
		for i, x := range Kinds {
			if k == x {
				return i
			}
		}
		return len(Kinds)
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := &fs[i], &fs[j]
		if a.Status.Rank() != b.Status.Rank() {
			return a.Status.Rank() < b.Status.Rank()
		}
		if a.Kind != b.Kind {
			return kindRank(a.Kind) < kindRank(b.Kind)
		}
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		if a.Test != b.Test {
			return a.Test < b.Test
		}
		return a.ID < b.ID
	})
}

// Summary is a one-line description: "confirmed lock-order-cycle a.mu ↔ b.mu in pkg (TestX)".
// A blocked finding without locks reads "confirmed leaked goroutine
// blocked forever (partial deadlock) in pkg (TestX), created at
// x_test.go:10:2"; one whose goroutines kept working after the test
// (lingering), locks or not, "... leaked goroutine still alive after the
// test ...".
func (f *Finding) Summary() string {
	var b strings.Builder
	switch {
	case f.Kind == Hang && f.Snapshot != nil:
		fmt.Fprintf(&b, "%s hang (%s) at the time bound in %s", f.Status, f.Snapshot.Class, f.Package)
	case f.Kind == Blocked && (len(f.Locks) == 0 || f.Lingering):
		fmt.Fprintf(&b, "%s %s in %s", f.Status, f.blockedWhat(), f.Package)
	default:
		fmt.Fprintf(&b, "%s %s %s in %s", f.Status, f.Kind, strings.Join(f.Classes(), " → "), f.Package)
	}
	if len(f.Tests) > 1 {
		fmt.Fprintf(&b, " (%s)", strings.Join(f.Tests, ", "))
	} else if f.Test != "" {
		fmt.Fprintf(&b, " (%s)", f.Test)
	}
	var created []string
	for _, g := range f.Goroutines {
		if c := g.Created.String(); !g.Created.IsZero() && g.ID != 1 && f.Kind == Blocked && !slices.Contains(created, c) {
			created = append(created, c) // goroutines started in a loop: the site once
		}
	}
	if len(created) > 0 {
		fmt.Fprintf(&b, ", created at %s", strings.Join(created, ", "))
	}
	if f.Kind == Blocked {
		b.WriteString(f.releaseSummary())
	}
	if t := f.Timeout; t != nil {
		fmt.Fprintf(&b, ", ended only by the test's timeout (%s, after %s), which failed it", t.Site, time.Duration(t.AfterNS).Round(time.Millisecond))
	}
	return b.String()
}

// blockedWhat names the goroutines of a blocked finding: leaked ones when
// the test's own goroutine (1) is not among them, the test having gone on.
func (f *Finding) blockedWhat() string {
	leak := true
	for _, g := range f.Goroutines {
		leak = leak && g.ID != 1
	}
	switch {
	case f.Lingering && len(f.Goroutines) > 1:
		return fmt.Sprintf("%d leaked goroutines still alive after the test", len(f.Goroutines))
	case f.Lingering:
		return "leaked goroutine still alive after the test"
	case !leak:
		return "goroutines blocked forever"
	case len(f.Goroutines) > 1:
		return fmt.Sprintf("%d leaked goroutines blocked forever (partial deadlock)", len(f.Goroutines))
	}
	return "leaked goroutine blocked forever (partial deadlock)"
}

// String is a stable multi-line rendering used in text output and golden tests.
func (f *Finding) String() string {
	var b strings.Builder
	f.writeText(&b)
	return b.String()
}

func (f *Finding) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s %s\n", f.ID, f.Summary())
	if f.Message != "" {
		fmt.Fprintf(w, "  %s\n", f.Message)
	}
	for _, l := range f.Locks {
		sites := make([]string, len(l.Sites))
		for i, s := range l.Sites {
			sites[i] = s.String()
		}
		inst := ""
		if l.Instance != "" {
			inst = " [" + l.Instance + "]"
		}
		fmt.Fprintf(w, "  lock %s%s", l.Class, inst)
		if len(sites) > 0 {
			fmt.Fprintf(w, " at %s", strings.Join(sites, ", "))
		}
		fmt.Fprintln(w)
	}
	for _, e := range f.Edges {
		g := ""
		if e.Goroutine != 0 {
			g = fmt.Sprintf(" by goroutine %d", e.Goroutine)
		}
		fmt.Fprintf(w, "  %s held (%s) while acquiring %s (%s)%s", e.Held, e.HeldAt, e.Acquired, e.AcquiredAt, g)
		if len(e.Via) > 0 {
			fmt.Fprintf(w, " via %s", strings.Join(e.Via, " → "))
		}
		if e.Dynamic {
			fmt.Fprint(w, " (dynamic call)")
		}
		fmt.Fprintln(w)
	}
	for _, g := range f.Goroutines {
		fmt.Fprintf(w, "  goroutine %d", g.ID)
		if !g.Created.IsZero() {
			fmt.Fprintf(w, " created at %s", g.Created)
		}
		if c := CalledFrom(g, nil); c != "" {
			fmt.Fprintf(w, " (%s)", c)
		}
		if g.WaitsFor != "" {
			fmt.Fprintf(w, ": waits for %s", g.WaitsFor)
		}
		fmt.Fprintln(w)
		for _, r := range g.Release {
			fmt.Fprintf(w, "    would be released by: %s\n", ReleaseText(g, r))
		}
		for _, fr := range g.Stack {
			fmt.Fprintf(w, "    %s\n      %s:%d\n", fr.Func, fr.File, fr.Line)
		}
	}
	if st := f.Static; st != nil {
		fmt.Fprintf(w, "  predicted statically at %s (%s)\n", st.Pos, st.ID)
	}
	if s := f.Snapshot; s != nil {
		writeSnapshot(w, s)
	}
	if wt := f.Witness; wt != nil && f.Kind == Hang {
		fmt.Fprintf(w, "  run: strategy %s seed %d, %d of %d runs reached the bound, %d steps\n",
			wt.Strategy, wt.Seed, wt.Hits, wt.Runs, len(wt.Schedule))
	} else if wt != nil {
		draws := ""
		if d := wt.Draws; d != nil && d.Count > 0 { // random draws, map orders, select choices it replays too
			draws = fmt.Sprintf(" and %d draw", d.Count)
			if d.Count > 1 {
				draws += "s"
			}
		}
		fmt.Fprintf(w, "  witness: strategy %s seed %d, %d of %d runs deadlocked, %d steps%s\n",
			wt.Strategy, wt.Seed, wt.Hits, wt.Runs, len(wt.Schedule), draws)
		if wt.Replay != "" {
			fmt.Fprintf(w, "  replay: %s\n", wt.Replay)
		}
	}
	if s := f.Search; s != nil && s.Runs == 0 {
		fmt.Fprintf(w, "  not tried: %s\n", cmpOr(s.Note, "no run was aimed at it"))
	} else if s != nil && NoGuarantee(s.MissBound) {
		fmt.Fprintf(w, "  not confirmed: %d runs of %s; no guarantee for a depth-%d deadlock\n", s.Runs, s.Strategy, s.Depth)
	} else if s != nil {
		fmt.Fprintf(w, "  not confirmed: %d runs of %s; a depth-%d deadlock is missed with probability at most %.3g\n",
			s.Runs, s.Strategy, s.Depth, s.MissBound)
	}
	if ig := f.Ignored; ig != nil {
		fmt.Fprintf(w, "  ignored: %s\n", ig.Reason)
	}
}

// WriteText writes the report as readable text: PerShape findings of
// each shape in full, the others counted with their IDs (WriteTextAll
// writes them all).
func (r *Report) WriteText(w io.Writer) error { return r.writeText(w, PerShape) }

// WriteTextAll writes the report as readable text, every finding in full.
func (r *Report) WriteTextAll(w io.Writer) error { return r.writeText(w, 0) }

func (r *Report) writeText(w io.Writer, perShape int) error {
	ew := &errWriter{w: w}
	hidden, repeats := r.repeats(perShape)
	written := 0
	for i := range r.Findings {
		if hidden[i] {
			continue
		}
		if written > 0 {
			fmt.Fprintln(ew)
		}
		r.Findings[i].writeText(ew)
		written++
	}
	if len(repeats) > 0 {
		fmt.Fprintln(ew)
		for _, l := range repeats {
			fmt.Fprintln(ew, l)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintf(ew, "error: %s\n", e.Error())
	}
	if ct := r.ControlText(); ct != "" {
		fmt.Fprintln(ew, ct)
	}
	if in := r.Interrupted; in != nil {
		fmt.Fprintln(ew, in.String())
		for _, t := range in.CutShort {
			fmt.Fprintf(ew, "\tcut short: %s\n", t)
		}
		for _, t := range in.NotHunted {
			fmt.Fprintf(ew, "\tnot hunted: %s\n", t)
		}
	}
	return ew.err
}

// String is the line that says a report is partial: "interrupted after 3
// of 52 tests (interrupt): 1 cut short, 48 not hunted".
func (in *Interruption) String() string {
	return fmt.Sprintf("interrupted after %d of %d tests (%s): %d cut short, %d not hunted",
		in.Done, in.Total, in.Cause, len(in.CutShort), len(in.NotHunted))
}

// ControlText says, per package with blind spots a hunted test reached,
// what ran outside control: "partly controlled: example.com/p: cgo file
// p.go, synctest bubble p_test.go:12:2 (entered by TestX)".
func (r *Report) ControlText() string {
	var b strings.Builder
	var pkgs []string
	by := map[string][]string{}
	for _, s := range r.BlindSpots {
		if !s.Reached() {
			continue
		}
		if by[s.Package] == nil {
			pkgs = append(pkgs, s.Package)
		}
		by[s.Package] = append(by[s.Package], s.String())
	}
	for i, p := range pkgs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "partly controlled: %s: %s", p, strings.Join(by[p], ", "))
	}
	return b.String()
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// CalledFrom says where the `go` statement that created g was reached
// from: "called from p.TestX at x_test.go:12, from p.F at f.go:3", or "";
// short, if not nil, shortens the files.
func CalledFrom(g Goroutine, short func(string) string) string {
	var parts []string
	for _, f := range g.StartedFrom {
		file := f.File
		if short != nil {
			file = short(file)
		}
		parts = append(parts, fmt.Sprintf("%s at %s:%d", ShortFunc(f.Func), file, f.Line))
	}
	if len(parts) == 0 {
		return ""
	}
	return "called from " + strings.Join(parts, ", from ")
}

// ShortFunc names a function by its package's last path element, as sites
// do: "example.com/x/abba.Transfer" is "abba.Transfer", and a major
// version's element is skipped ("go.etcd.io/raft/v3.StartNode" is
// "raft.StartNode").
func ShortFunc(fn string) string {
	i := strings.LastIndex(fn, "/")
	if i < 0 {
		return fn
	}
	if j := strings.LastIndex(fn[:i], "/"); isMajor(fn[i+1:]) {
		return fn[j+1:i] + fn[i+1+strings.IndexByte(fn[i+1:], '.'):]
	}
	return fn[i+1:]
}

// isMajor reports whether rest ("v3.StartNode") starts with a major
// version path element.
func isMajor(rest string) bool {
	dot := strings.IndexByte(rest, '.')
	if dot < 2 || rest[0] != 'v' {
		return false
	}
	for _, c := range rest[1:dot] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
