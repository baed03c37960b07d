package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
)

// statusFilters are the status filter's values in the order s cycles them;
// "" is every finding.
var statusFilters = []string{"", string(report.Confirmed), string(report.PredictedDynamic),
	string(report.PredictedStatic), string(report.Unconfirmed), "ignored"}

// listView is the findings list with its text and status filters.
type listView struct {
	s            *session
	w, h         int
	visible      []int // indexes into s.findings that pass the filters
	cursor, top  int
	input        lineInput
	typing       bool
	statusFilter int
}

func newListView(s *session) *listView {
	l := &listView{s: s, input: lineInput{prompt: "/"}}
	l.refilter()
	return l
}

func (l *listView) Init() tea.Cmd { return nil }

func (l *listView) SetSize(w, h int) {
	l.w, l.h = w, h
	l.scroll()
}

// Typing reports whether the filter input has the keyboard.
func (l *listView) Typing() bool { return l.typing }

// Selected returns the finding under the cursor, or nil.
func (l *listView) Selected() *report.Finding {
	if len(l.visible) == 0 {
		return nil
	}
	return &l.s.findings[l.visible[l.cursor]]
}

func (l *listView) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return l, nil
	}
	if l.typing {
		l.updateInput(km)
		return l, nil
	}
	k := l.s.keys
	switch {
	case key.Matches(km, k.Up):
		l.move(-1)
	case key.Matches(km, k.Down):
		l.move(1)
	case key.Matches(km, k.Filter):
		l.typing = true
	case key.Matches(km, k.Status):
		l.statusFilter = (l.statusFilter + 1) % len(statusFilters)
		l.refilter()
	case key.Matches(km, k.Back):
		l.input.SetValue("")
		l.statusFilter = 0
		l.refilter()
	}
	return l, nil
}

func (l *listView) updateInput(km tea.KeyMsg) {
	switch {
	case key.Matches(km, l.s.keys.Accept):
		l.typing = false
	case key.Matches(km, l.s.keys.Cancel):
		l.typing = false
		l.input.SetValue("")
		l.refilter()
	case l.input.Update(km):
		l.refilter()
	}
}

func (l *listView) move(d int) {
	l.cursor = max(0, min(len(l.visible)-1, l.cursor+d))
	l.scroll()
}

// refilter recomputes the visible findings, keeping the selection if it
// still passes.
func (l *listView) refilter() {
	var keep int = -1
	if len(l.visible) > 0 {
		keep = l.visible[l.cursor]
	}
	l.visible = l.visible[:0]
	l.cursor = 0
	text := strings.ToLower(strings.TrimSpace(l.input.Value()))
	for i := range l.s.findings {
		f := &l.s.findings[i]
		if matchesStatus(f, statusFilters[l.statusFilter]) && matchesText(f, text) {
			if i == keep {
				l.cursor = len(l.visible)
			}
			l.visible = append(l.visible, i)
		}
	}
	l.scroll()
}

// rows is the number of finding rows that fit: the height less the header,
// the filter line and the selected finding's message.
func (l *listView) rows() int { return max(1, l.h-3) }

func (l *listView) scroll() {
	n := l.rows()
	if l.cursor < l.top {
		l.top = l.cursor
	}
	if l.cursor >= l.top+n {
		l.top = l.cursor - n + 1
	}
	l.top = max(0, min(l.top, len(l.visible)-n))
}

// columns are the widths of status, kind, locks, package/test and hits.
func (l *listView) columns() [5]int {
	status, kind, hits := 11, 16, 9
	rest := max(10, l.w-2-status-kind-hits-4)
	pkg := min(rest/2, 17)
	return [5]int{status, kind, rest - pkg, pkg, hits}
}

func (l *listView) View() string {
	c := l.columns()
	st := l.s.st
	var b strings.Builder
	head := fmt.Sprintf("  %s %s %s %s %s", pad("STATUS", c[0]), pad("KIND", c[1]), pad("LOCKS", c[2]), pad("PACKAGE / TEST", c[3]), pad("HITS", c[4]))
	b.WriteString(st.Header.Render(strings.TrimRight(head, " ")) + "\n")
	if len(l.visible) == 0 {
		b.WriteString(st.Dim.Render("  no findings match") + "\n")
	}
	for i := l.top; i < len(l.visible) && i < l.top+l.rows(); i++ {
		b.WriteString(l.row(&l.s.findings[l.visible[i]], i == l.cursor, c) + "\n")
	}
	body := fit(b.String(), l.w, l.h-2)
	return body + "\n" + l.filterLine() + "\n" + l.messageLine()
}

func (l *listView) row(f *report.Finding, selected bool, c [5]int) string {
	st := l.s.st
	mark := "  "
	if selected {
		mark = "▸ "
	}
	rest := fmt.Sprintf(" %s %s %s %s", pad(string(f.Kind), c[1]), pad(lockList(f), c[2]), pad(pkgTest(f), c[3]), pad(hitRate(f), c[4]))
	status := st.status(f, pad(statusLabel(f), c[0]))
	if selected {
		return st.Selected.Render(mark) + status + st.Selected.Render(rest)
	}
	if f.Ignored != nil {
		return mark + status + st.Ignored.Render(rest)
	}
	return mark + status + rest
}

func (l *listView) filterLine() string {
	st := l.s.st
	status := statusFilters[l.statusFilter]
	if status == "" {
		status = "all"
	}
	count := fmt.Sprintf("%d of %d", len(l.visible), len(l.s.findings))
	var text string
	switch {
	case l.typing:
		text = l.input.View()
	case l.input.Value() != "":
		text = "/" + l.input.Value()
	default:
		text = st.Dim.Render("/ to filter")
	}
	return cut(fmt.Sprintf("%s  status: %s  %s", text, status, st.Dim.Render(count)), l.w)
}

func (l *listView) messageLine() string {
	f := l.Selected()
	if f == nil {
		return ""
	}
	msg := f.Message
	if f.Ignored != nil {
		msg = "ignored: " + f.Ignored.Reason
	}
	return l.s.st.Dim.Render(cut(f.ID+" "+msg, l.w))
}

func (l *listView) ShortHelp() []key.Binding {
	k := l.s.keys
	if l.typing {
		return []key.Binding{k.Accept, k.Cancel}
	}
	return []key.Binding{k.Open, k.Filter, k.Status, k.Replay, k.Ignore, k.Quit, k.Help}
}

func (l *listView) FullHelp() [][]key.Binding {
	k := l.s.keys
	return [][]key.Binding{{k.Up, k.Down, k.Open, k.Back}, {k.Filter, k.Status, k.Lanes}, k.actions(), {k.Help, k.Quit}}
}
