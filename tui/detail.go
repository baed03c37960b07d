package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
)

// detailView shows one finding: summary, cycle, goroutines' stacks with
// source, and the last replay's outcome. A site cursor picks the position
// that edit opens.
type detailView struct {
	s     *session
	f     *report.Finding
	w, h  int
	vp    viewport.Model
	sites []report.Site // sites in display order
	at    []int         // content line of each site
	site  int           // selected site
	// follow keeps the selected site in view while sources load, until the
	// user scrolls.
	follow bool
}

func newDetailView(s *session) *detailView {
	vp := viewport.New(0, 0)
	vp.KeyMap.Left.SetEnabled(false)
	vp.KeyMap.Right.SetEnabled(false)
	return &detailView{s: s, vp: vp}
}

func (d *detailView) Init() tea.Cmd { return nil }

func (d *detailView) SetSize(w, h int) {
	d.w, d.h = w, h
	d.vp.Width, d.vp.Height = w, h
	d.Refresh()
}

// Show switches to finding f, at its first site.
func (d *detailView) Show(f *report.Finding) {
	d.f, d.site, d.follow = f, 0, false
	d.vp.GotoTop()
	d.Refresh()
}

// Site is the selected site, zero if none.
func (d *detailView) Site() report.Site {
	if d.site < len(d.sites) {
		return d.sites[d.site]
	}
	return report.Site{}
}

// Refresh rebuilds the content, after a size change, a source load or a
// replay.
func (d *detailView) Refresh() {
	if d.f == nil {
		return
	}
	lines := d.build()
	if d.site < len(d.at) {
		lines[d.at[d.site]] = "▸" + strings.TrimPrefix(lines[d.at[d.site]], " ")
	}
	d.vp.SetContent(fit(strings.Join(lines, "\n"), d.w, len(lines)))
	if d.follow {
		d.showSite()
	}
}

func (d *detailView) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(km, d.s.keys.NextSite):
			d.moveSite(1)
			return d, nil
		case key.Matches(km, d.s.keys.PrevSite):
			d.moveSite(-1)
			return d, nil
		}
	}
	var cmd tea.Cmd
	if _, ok := msg.(tea.KeyMsg); ok {
		d.follow = false
	}
	d.vp, cmd = d.vp.Update(msg)
	return d, cmd
}

func (d *detailView) moveSite(delta int) {
	if len(d.sites) == 0 {
		return
	}
	d.site = (d.site + delta + len(d.sites)) % len(d.sites)
	d.follow = true
	d.Refresh()
}

// showSite scrolls the selected site to the second line of the view (or as
// far as the content allows), so that its source is in view below it. The
// position depends only on the site, not on the scrolling before.
func (d *detailView) showSite() {
	if d.site < len(d.at) {
		d.vp.SetYOffset(max(0, d.at[d.site]-1))
	}
}

func (d *detailView) View() string { return d.vp.View() }

// build lays out the content and records where the sites are.
func (d *detailView) build() []string {
	d.sites, d.at = d.sites[:0], d.at[:0]
	b := &content{w: d.w}
	d.header(b)
	if cyc := drawCycle(d.f, d.s.st); len(cyc) > 0 {
		b.section(d.s.st, "CYCLE")
		b.add(cyc...)
	}
	if len(d.f.Goroutines) > 0 {
		b.section(d.s.st, "GOROUTINES AT THE DEADLOCK")
		for _, g := range d.f.Goroutines {
			d.goroutine(b, g)
		}
	} else {
		d.staticSites(b)
	}
	d.replay(b)
	return b.lines
}

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
		b.wrap("search", fmt.Sprintf("%s, %d runs: a depth-%d deadlock is missed with probability ≤ %.3g", s.Strategy, s.Runs, s.Depth, s.MissBound))
		if s.Note != "" {
			b.wrap("", s.Note)
		}
	}
	b.wrap("replay", d.s.replayCommand(f))
	if len(f.Evidence) > 0 {
		b.field("evidence", strings.Join(f.Evidence, ", "))
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
	if len(g.Holds) > 0 {
		about = append(about, "holds "+strings.Join(g.Holds, ", "))
	}
	if len(about) > 0 {
		b.add("   " + st.Dim.Render(strings.Join(about, " · ")))
	}
	for i, fr := range g.Stack {
		d.markSite(b, report.Site{File: fr.File, Line: fr.Line, Func: fr.Func})
		b.add(fmt.Sprintf("   #%d %s", i, shortFunc(fr.Func)))
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
			where += " in " + shortFunc(ls.site.Func)
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

func (d *detailView) ShortHelp() []key.Binding {
	k := d.s.keys
	return []key.Binding{k.Back, k.NextSite, k.Lanes, k.Replay, k.Edit, k.Ignore, k.Help}
}

func (d *detailView) FullHelp() [][]key.Binding {
	k := d.s.keys
	return [][]key.Binding{{k.Up, k.Down, k.NextSite, k.PrevSite}, {k.Lanes, k.Back}, k.actions(), {k.Help, k.Quit}}
}

// content accumulates the lines of a view.
type content struct {
	w     int
	lines []string
}

func (c *content) add(lines ...string) { c.lines = append(c.lines, lines...) }

func (c *content) section(st styles, title string) {
	c.add("", st.Header.Render(title))
}

func (c *content) field(name, value string) {
	c.add(fmt.Sprintf("%-9s %s", name, value))
}

// wrap adds a field whose value is word-wrapped under itself.
func (c *content) wrap(name, value string) {
	if value == "" {
		return
	}
	lines := wrapWords(value, max(20, c.w-10))
	for i, l := range lines {
		if i == 0 {
			c.field(name, l)
		} else {
			c.field("", l)
		}
	}
}

// wrapWords breaks text into lines of at most w cells at spaces.
func wrapWords(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}
