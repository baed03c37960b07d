package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
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
func (f *Finding) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s in %s", f.Status, f.Kind, strings.Join(f.Classes(), " → "), f.Package)
	if f.Test != "" {
		fmt.Fprintf(&b, " (%s)", f.Test)
	}
	return b.String()
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
		if g.WaitsFor != "" {
			fmt.Fprintf(w, ": waits for %s", g.WaitsFor)
		}
		fmt.Fprintln(w)
		for _, fr := range g.Stack {
			fmt.Fprintf(w, "    %s\n      %s:%d\n", fr.Func, fr.File, fr.Line)
		}
	}
	if wt := f.Witness; wt != nil {
		fmt.Fprintf(w, "  witness: strategy %s seed %d, %d of %d runs deadlocked, %d steps\n",
			wt.Strategy, wt.Seed, wt.Hits, wt.Runs, len(wt.Schedule))
		if wt.Replay != "" {
			fmt.Fprintf(w, "  replay: %s\n", wt.Replay)
		}
	}
	if s := f.Search; s != nil {
		fmt.Fprintf(w, "  not confirmed: %d runs of %s; a depth-%d deadlock is missed with probability at most %.3g\n",
			s.Runs, s.Strategy, s.Depth, s.MissBound)
	}
	if ig := f.Ignored; ig != nil {
		fmt.Fprintf(w, "  ignored: %s\n", ig.Reason)
	}
}

// WriteText writes the report as readable text.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	for i := range r.Findings {
		if i > 0 {
			fmt.Fprintln(ew)
		}
		r.Findings[i].writeText(ew)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(ew, "error: %s\n", e.Error())
	}
	return ew.err
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
