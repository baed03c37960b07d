package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

// state is which view has the screen.
type state int

const (
	listState state = iota
	detailState
	lanesState
)

// Model is the root model of deadhunt review.
type Model struct {
	opts    Options
	s       *session
	ign     *ignoreStore
	state   state
	back    state // where esc leads from the lanes
	list    *listView
	detail  *detailView
	lanes   *lanesView
	help    help.Model
	prompt  *lineInput // set while asking why a finding is ignored
	promptF string     // the finding the prompt is about
	notice  string     // the last action's outcome
	pending map[string]bool
	w, h    int
}

func newModel(opts Options, rep *report.Report, ign *suppress.Set) *Model {
	r := newRenderer(opts)
	st := newStyles(r)
	findings := append([]report.Finding(nil), rep.Findings...)
	report.Sort(findings)
	ign.Apply(findings)
	s := &session{
		root: opts.ModuleRoot, report: opts.ReportPath, findings: findings, errors: rep.Errors,
		sources: make(map[string]source), replays: make(map[string]replayMsg),
		st: st, keys: defaultKeys(),
	}
	h := help.New()
	h.Styles = st.helpStyles(r)
	m := &Model{
		opts: opts, s: s, ign: &ignoreStore{set: ign}, help: h,
		list: newListView(s), detail: newDetailView(s), lanes: newLanesView(s),
		pending: make(map[string]bool),
	}
	m.resize(80, 24)
	return m
}

func (m *Model) Init() tea.Cmd { return nil }

// active is the component that has the screen.
func (m *Model) active() component {
	switch m.state {
	case detailState:
		return m.detail
	case lanesState:
		return m.lanes
	}
	return m.list
}

// selected is the finding the actions apply to.
func (m *Model) selected() *report.Finding {
	switch m.state {
	case detailState:
		return m.detail.f
	case lanesState:
		return m.lanes.f
	}
	return m.list.Selected()
}

func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	case sourceMsg:
		m.s.sources[msg.file] = source{lines: msg.lines, err: msg.err}
		delete(m.pending, msg.file)
		m.detail.Refresh()
		return m, nil
	case replayMsg:
		m.s.replays[msg.id] = msg
		m.notice = replayOutcome(msg, m.s.st)
		m.detail.Refresh()
		return m, nil
	case ignoredMsg:
		m.applyIgnore(msg)
		return m, nil
	case editorMsg:
		m.notice = ""
		if msg.err != nil {
			m.notice = m.s.st.Error.Render("editor: " + msg.err.Error())
		}
		return m, nil
	case copiedMsg:
		m.notice = "copied (OSC52): " + msg.text
		if msg.err != nil {
			m.notice = m.s.st.Error.Render("copy failed: "+msg.err.Error()) + " · " + msg.text
		}
		return m, nil
	}
	return m, m.delegate(msg)
}

func (m *Model) delegate(msg tea.Msg) tea.Cmd {
	_, cmd := m.active().Update(msg)
	return cmd
}

func (m *Model) key(km tea.KeyMsg) tea.Cmd {
	k := m.s.keys
	switch {
	case km.Type == tea.KeyCtrlC:
		return tea.Quit
	case m.prompt != nil:
		return m.promptKey(km)
	case m.state == listState && m.list.Typing():
		return m.delegate(km)
	case key.Matches(km, k.Quit):
		return tea.Quit
	case key.Matches(km, k.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.s.keys.Help.SetHelp("?", map[bool]string{false: "more keys", true: "fewer keys"}[m.help.ShowAll])
		m.resize(m.w, m.h)
		return nil
	case key.Matches(km, k.Back) && m.state != listState:
		m.state, m.back = m.back, listState
		return nil
	case key.Matches(km, k.Open) && m.state == listState:
		return m.open(detailState)
	case key.Matches(km, k.Lanes) && m.state != lanesState:
		return m.open(lanesState)
	}
	if cmd, ok := m.action(km); ok {
		return cmd
	}
	return m.delegate(km)
}

// open shows the selected finding in the detail or lanes view.
func (m *Model) open(to state) tea.Cmd {
	f := m.selected()
	if f == nil {
		return nil
	}
	m.back = listState
	if to == lanesState {
		m.back = m.state
		m.lanes.Show(f)
	} else {
		m.detail.Show(f)
	}
	m.state = to
	m.notice = ""
	return m.s.sourceCmds(f, m.pending)
}

func (m *Model) resize(w, h int) {
	m.w, m.h = w, h
	m.help.Width = w
	body := m.bodyHeight()
	m.list.SetSize(w, body)
	m.detail.SetSize(w, body)
	m.lanes.SetSize(w, body)
}

func (m *Model) bodyHeight() int {
	return max(1, m.h-2-m.helpHeight())
}

func (m *Model) helpHeight() int {
	if !m.help.ShowAll {
		return 1
	}
	n := 1
	for _, g := range m.active().FullHelp() {
		n = max(n, len(g))
	}
	return n
}

func (m *Model) View() string {
	if m.w < 40 || m.h < 10 {
		return fit("terminal too small for deadhunt review (need 40x10)", m.w, m.h)
	}
	body := fit(m.active().View(), m.w, m.bodyHeight())
	return strings.Join([]string{m.titleLine(), body, m.noticeLine(), fit(m.help.View(m.active()), m.w, m.helpHeight())}, "\n")
}

func (m *Model) titleLine() string {
	var confirmed, ignored int
	for i := range m.s.findings {
		if m.s.findings[i].Status == report.Confirmed {
			confirmed++
		}
		if m.s.findings[i].Ignored != nil {
			ignored++
		}
	}
	noun := "findings"
	if len(m.s.findings) == 1 {
		noun = "finding"
	}
	text := fmt.Sprintf(" deadhunt review · %s · %d %s, %d confirmed, %d ignored",
		m.opts.ReportPath, len(m.s.findings), noun, confirmed, ignored)
	if n := len(m.s.errors); n > 0 {
		text += fmt.Sprintf(", %d package error(s): see deadhunt review -text", n)
	}
	return m.s.st.Title.Render(pad(text, m.w))
}

func (m *Model) noticeLine() string {
	if m.prompt != nil {
		return cut(m.prompt.View(), m.w)
	}
	return fit(m.notice, m.w, 1)
}
