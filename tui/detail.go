package tui

import (
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

func (d *detailView) ShortHelp() []key.Binding {
	k := d.s.keys
	return []key.Binding{k.Back, k.NextSite, k.Lanes, k.Replay, k.Edit, k.Ignore, k.Help}
}

func (d *detailView) FullHelp() [][]key.Binding {
	k := d.s.keys
	return [][]key.Binding{{k.Up, k.Down, k.NextSite, k.PrevSite}, {k.Lanes, k.Back}, k.actions(), {k.Help, k.Quit}}
}
