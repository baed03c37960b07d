package tui

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
)

// minLane is the narrowest lane; more goroutines than fit scroll sideways.
const minLane = 16

// lanesView draws a witness schedule with one column per goroutine and one
// row per step.
type lanesView struct {
	s     *session
	f     *report.Finding
	w, h  int
	vp    viewport.Model
	gs    []int      // goroutines in order of first step
	first int        // first lane shown
	items []laneItem // the rows: steps, folds of repeated steps, ends (fold.go)
	width int        // of the step numbers
}

func newLanesView(s *session) *lanesView {
	vp := viewport.New(0, 0)
	vp.KeyMap.Left.SetEnabled(false)
	vp.KeyMap.Right.SetEnabled(false)
	return &lanesView{s: s, vp: vp}
}

func (l *lanesView) Init() tea.Cmd { return nil }

func (l *lanesView) SetSize(w, h int) {
	l.w, l.h = w, h
	l.vp.Width, l.vp.Height = w, max(1, h-3)
	l.refresh()
}

// Show switches to the schedule of finding f.
func (l *lanesView) Show(f *report.Finding) {
	l.f, l.first, l.gs, l.items = f, 0, nil, nil
	if f.Witness != nil {
		seen := make(map[int]bool)
		add := func(g int) {
			if !seen[g] {
				seen[g] = true
				l.gs = append(l.gs, g)
			}
		}
		for _, s := range f.Witness.Schedule {
			add(s.Goroutine)
		}
		for _, g := range f.Goroutines {
			add(g.ID)
		}
		l.items = foldSchedule(f.Witness.Schedule)
		// Where each goroutine of the deadlock is stuck: the top of its stack.
		for _, g := range f.Goroutines {
			if len(g.Stack) > 0 && g.WaitsFor != "" {
				top := g.Stack[0]
				l.items = append(l.items, laneItem{step: -1, g: g.ID, text: fmt.Sprintf("✗ blocked %s:%d", path.Base(top.File), top.Line)})
			}
		}
		l.width = max(4, len(fmt.Sprint(len(f.Witness.Schedule))))
	}
	l.vp.GotoTop()
	l.refresh()
}

func (l *lanesView) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(km, l.s.keys.Left):
			l.first = max(0, l.first-1)
			l.refresh()
			return l, nil
		case key.Matches(km, l.s.keys.Right):
			l.first = max(0, min(len(l.gs)-l.shown(), l.first+1))
			l.refresh()
			return l, nil
		case key.Matches(km, l.s.keys.NextChange):
			l.jump(nextItem(l.items, l.vp.YOffset, isChangePoint))
			return l, nil
		case key.Matches(km, l.s.keys.NextOfFinding):
			l.jump(nextItem(l.items, l.vp.YOffset, l.ofFinding))
			return l, nil
		case key.Matches(km, l.s.keys.Deadlock):
			l.jump(l.deadlockRow())
			return l, nil
		}
	}
	var cmd tea.Cmd
	l.vp, cmd = l.vp.Update(msg)
	return l, cmd
}

// jump scrolls row i to the top (nothing if i < 0).
func (l *lanesView) jump(i int) {
	if i >= 0 {
		l.vp.SetYOffset(i)
	}
}

// ofFinding: a step (or fold) of a goroutine the finding names.
func (l *lanesView) ofFinding(_, it *laneItem) bool {
	if it.step < 0 {
		return false
	}
	for _, g := range l.f.Goroutines {
		if g.ID == it.g || slices.Contains(it.foldGs, g.ID) {
			return true
		}
	}
	return false
}

// deadlockRow is the first row where the finding's goroutines end
// blocked, or the last step.
func (l *lanesView) deadlockRow() int {
	for i, it := range l.items {
		if it.step < 0 {
			return i
		}
	}
	return len(l.items) - 1
}

// shown is how many lanes fit; laneWidth is the width of each.
func (l *lanesView) shown() int {
	return max(1, min(len(l.gs), (l.w-6)/(minLane+3)))
}

func (l *lanesView) laneWidth() int {
	return max(minLane, (l.w-6)/max(1, l.shown())-3)
}

func (l *lanesView) refresh() {
	if l.f == nil || l.f.Witness == nil || l.w == 0 {
		return
	}
	l.vp.SetContent(fit(strings.Join(l.rows(), "\n"), l.w, max(1, len(l.rows()))))
}

func (l *lanesView) View() string {
	if l.f == nil || l.f.Witness == nil || len(l.f.Witness.Schedule) == 0 {
		return fit(l.s.st.Dim.Render("  no witness schedule: only confirmed findings have one"), l.w, l.h)
	}
	return fit(strings.Join(l.header(), "\n")+"\n"+l.vp.View(), l.w, l.h)
}

func (l *lanesView) header() []string {
	st, w := l.s.st, l.f.Witness
	title := l.f.ID + " schedule"
	if len(l.gs) > l.shown() {
		title += fmt.Sprintf(" · lanes %d-%d of %d (←/→)", l.first+1, l.first+l.shown(), len(l.gs))
	}
	title += fmt.Sprintf(" · %s seed %d · %d steps · * change point · ✗ blocked", w.Strategy, w.Seed, len(w.Schedule))
	cells := []string{pad("  step", l.width+2)}
	rule := []string{strings.Repeat("─", l.width+2)}
	lw := l.laneWidth()
	for _, g := range l.lanes() {
		cells = append(cells, pad(laneName(g), lw))
		rule = append(rule, strings.Repeat("─", lw))
	}
	return []string{st.Bold.Render(cut(title, l.w)), st.Header.Render(strings.TrimRight(strings.Join(cells, " │ "), " ")), st.Dim.Render(strings.Join(rule, "─┼─"))}
}

// laneName heads goroutine g's lane; goroutine 0's steps are timer
// firings (the runtime's virtual clock).
func laneName(g int) string {
	if g == 0 {
		return "timers"
	}
	return fmt.Sprintf("goroutine %d", g)
}

func (l *lanesView) lanes() []int {
	return l.gs[l.first:min(len(l.gs), l.first+l.shown())]
}

func (l *lanesView) rows() []string {
	out := make([]string, 0, len(l.items))
	for _, it := range l.items {
		label := fmt.Sprintf(" %s%*d", map[bool]string{false: " ", true: "*"}[it.change], l.width, it.step+1)
		switch {
		case it.step < 0:
			label = pad("   end", l.width+2)
		case it.fold > 0:
			label = fmt.Sprintf("  %*s", l.width, "⋮")
		}
		out = append(out, l.row(label, it, it.change))
	}
	return out
}

// row is one line of the lanes: the item's text in the lane of its
// goroutine (a fold's other goroutines get ⋮).
func (l *lanesView) row(step string, it laneItem, change bool) string {
	g, text := it.g, it.text
	lw := l.laneWidth()
	cells := []string{step}
	for _, lane := range l.lanes() {
		if lane != g {
			if slices.Contains(it.foldGs, lane) {
				cells = append(cells, pad("⋮", lw))
				continue
			}
			cells = append(cells, strings.Repeat(" ", lw))
			continue
		}
		cell := pad(text, lw)
		if change {
			cell = l.s.st.Highlight.Render(cell)
		}
		cells = append(cells, cell)
	}
	return strings.TrimRight(strings.Join(cells, " │ "), " ")
}

func (l *lanesView) ShortHelp() []key.Binding {
	k := l.s.keys
	return []key.Binding{k.Back, k.Up, k.Down, k.Left, k.Right, k.NextChange, k.NextOfFinding, k.Deadlock, k.Replay, k.Copy, k.Help}
}

func (l *lanesView) FullHelp() [][]key.Binding {
	k := l.s.keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right}, {k.NextChange, k.NextOfFinding, k.Deadlock}, {k.Back}, k.actions(), {k.Help, k.Quit}}
}
