package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

func (d *detailView) header(b *content) {
	f, st := d.f, d.s.st
	b.add(st.Bold.Render(f.ID) + "  " + st.status(f, string(f.Status)) + " " + string(f.Kind))
	b.field("package", f.Package)
	if f.Test != "" {
		b.field("test", f.Test)
	}
	b.wrap("message", f.Message)
	b.wrap("locks", lockInstances(f))
	if w := f.Witness; w != nil {
		b.wrap("witness", fmt.Sprintf("%s seed %d%s · %d of %d runs deadlocked (%.0f%%) · %d steps",
			w.Strategy, w.Seed, params(w.Params), w.Hits, w.Runs, 100*w.HitRate(), len(w.Schedule)))
	}
	if s := f.Search; s != nil {
		miss := fmt.Sprintf("a depth-%d deadlock is missed with probability ≤ %.3g", s.Depth, s.MissBound)
		if report.NoGuarantee(s.MissBound) {
			miss = fmt.Sprintf("no guarantee for a depth-%d deadlock", s.Depth)
		}
		b.wrap("search", fmt.Sprintf("%s, %d runs: %s", s.Strategy, s.Runs, miss))
		if s.Note != "" {
			b.wrap("", s.Note)
		}
	}
	if st := f.Static; st != nil {
		b.wrap("static", "predicted statically at "+shortPath(d.s.root, st.Pos)+" ("+st.ID+")")
	}
	if s := f.Snapshot; s != nil {
		b.wrap("snapshot", fmt.Sprintf("at the bound of %v (%s): %s", s.Bound(), s.Class, s.Reason))
		for _, g := range s.Goroutines {
			line := fmt.Sprintf("goroutine %d [%s]", g.ID, g.State)
			if g.WaitsFor != "" {
				line += " " + g.WaitsFor
			}
			if len(g.Stack) > 0 {
				line += fmt.Sprintf(" at %s:%d", shortPath(d.s.root, g.Stack[0].File), g.Stack[0].Line)
			}
			b.wrap("", line)
		}
	}
	b.wrap("replay", d.s.replayCommand(f))
	if len(f.Evidence) > 0 {
		b.field("evidence", report.JoinEvidence(f.Evidence))
	}
	if f.Ignored != nil {
		b.wrap("ignored", f.Ignored.Reason)
	}
}

// lockInstances lists the locks, with their instances when known.
func lockInstances(f *report.Finding) string {
	ls := make([]string, len(f.Locks))
	for i, l := range f.Locks {
		ls[i] = l.Class
		if l.Instance != "" {
			ls[i] += " [" + l.Instance + "]"
		}
	}
	return strings.Join(ls, ", ")
}

func params(p map[string]string) string {
	if len(p) == 0 {
		return ""
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + p[k]
	}
	return " (" + strings.Join(keys, " ") + ")"
}

func (d *detailView) goroutine(b *content, g report.Goroutine) {
	st := d.s.st
	head := fmt.Sprintf("goroutine %d", g.ID)
	if g.WaitsFor != "" {
		head += " · waits for " + g.WaitsFor
	}
	b.add(" " + st.Bold.Render(head))
	var about []string
	if !g.Created.IsZero() {
		about = append(about, "created at "+shortPath(d.s.root, g.Created.String()))
	}
	if c := report.CalledFrom(g, func(f string) string { return shortPath(d.s.root, f) }); c != "" {
		about = append(about, c)
	}
	if len(g.Holds) > 0 {
		about = append(about, "holds "+strings.Join(g.Holds, ", "))
	}
	if len(about) > 0 {
		b.add("   " + st.Dim.Render(strings.Join(about, " · ")))
	}
	for _, r := range g.Release {
		r.At.File = shortPath(d.s.root, r.At.File)
		b.add("   would be released by: " + report.ReleaseText(g, r))
	}
	for i, fr := range g.Stack {
		d.markSite(b, report.Site{File: fr.File, Line: fr.Line, Func: fr.Func})
		b.add(fmt.Sprintf("   #%d %s", i, report.ShortFunc(fr.Func)))
		b.add("      " + st.Dim.Render(fmt.Sprintf("%s:%d", shortPath(d.s.root, fr.File), fr.Line)))
		b.add(d.s.excerpt(fr.File, fr.Line, "      ", d.w)...)
	}
	b.add("")
}

// staticSites shows, for a finding without stacks, the source of every
// edge's acquisition or else of every lock site.
func (d *detailView) staticSites(b *content) {
	type labelled struct {
		label string
		site  report.Site
	}
	var sites []labelled
	for i, e := range d.f.Edges {
		sites = append(sites,
			labelled{fmt.Sprintf("edge %d: %s held", i+1, e.Held), e.HeldAt},
			labelled{fmt.Sprintf("edge %d: %s acquired", i+1, e.Acquired), e.AcquiredAt})
	}
	if len(sites) == 0 {
		for _, l := range d.f.Locks {
			for _, s := range l.Sites {
				sites = append(sites, labelled{l.Class + " acquired", s})
			}
		}
	}
	if len(sites) == 0 {
		return
	}
	b.section(d.s.st, "SITES")
	for _, ls := range sites {
		d.markSite(b, ls.site)
		where := shortPath(d.s.root, ls.site.String())
		if ls.site.Func != "" {
			where += " in " + report.ShortFunc(ls.site.Func)
		}
		b.add("   "+ls.label, "      "+d.s.st.Dim.Render(where))
		b.add(d.s.excerpt(ls.site.File, ls.site.Line, "      ", d.w)...)
	}
}

func (d *detailView) markSite(b *content, s report.Site) {
	d.sites = append(d.sites, s)
	d.at = append(d.at, len(b.lines))
}

func (d *detailView) replay(b *content) {
	r, ok := d.s.replays[d.f.ID]
	if !ok {
		return
	}
	b.section(d.s.st, "LAST REPLAY")
	b.add("  " + replayOutcome(r, d.s.st))
	out := strings.Split(strings.TrimRight(r.output, "\n"), "\n")
	if len(out) > 8 {
		out = out[len(out)-8:]
	}
	for _, l := range out {
		if l != "" {
			b.add("    " + d.s.st.Dim.Render(l))
		}
	}
}
