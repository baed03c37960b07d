package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

// action runs one of the actions on the selected finding.
func (m *Model) action(km tea.KeyMsg) (tea.Cmd, bool) {
	k, f := m.s.keys, m.selected()
	if f == nil {
		return nil, false
	}
	switch {
	case key.Matches(km, k.Replay):
		if f.Witness == nil {
			m.notice = f.ID + ": no witness to replay (" + string(f.Status) + ")"
			return nil, true
		}
		m.notice = "replaying " + f.ID + "…"
		return replayCmd(m.opts.Replay(m.opts.ReportPath, f.ID), f.ID), true
	case key.Matches(km, k.Edit):
		return m.edit(f), true
	case key.Matches(km, k.Ignore):
		m.prompt, m.promptF = &lineInput{prompt: "why ignore " + f.ID + "? "}, f.ID
		return nil, true
	case key.Matches(km, k.Unignore):
		if f.Ignored == nil {
			m.notice = f.ID + " is not ignored"
			return nil, true
		}
		return m.ign.removeCmd(f.ID), true
	case key.Matches(km, k.Copy):
		text := m.s.replayCommand(f)
		if text == "" {
			m.notice = f.ID + ": no replay command (" + string(f.Status) + ")"
			return nil, true
		}
		return copyCmd(m.opts.Clipboard, text), true
	}
	return nil, false
}

func (m *Model) edit(f *report.Finding) tea.Cmd {
	site := primarySite(f)
	if m.state == detailState {
		site = m.detail.Site()
	}
	c, err := editorCommand(m.opts.Editor, m.opts.ModuleRoot, site)
	if err != nil {
		m.notice = m.s.st.Error.Render("edit: " + err.Error())
		return nil
	}
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorMsg{err: err} })
}

func (m *Model) promptKey(km tea.KeyMsg) tea.Cmd {
	k := m.s.keys
	switch {
	case key.Matches(km, k.Cancel):
		m.prompt = nil
	case key.Matches(km, k.Accept):
		reason := strings.TrimSpace(m.prompt.Value())
		m.prompt = nil
		if reason == "" {
			m.notice = "not ignored: a reason is required"
			return nil
		}
		return m.ign.addCmd(m.promptF, reason)
	default:
		m.prompt.Update(km)
	}
	return nil
}

func (m *Model) applyIgnore(msg ignoredMsg) {
	if msg.err != nil {
		m.notice = m.s.st.Error.Render(msg.err.Error())
		return
	}
	for i := range m.s.findings {
		f := &m.s.findings[i]
		if f.ID != msg.id {
			continue
		}
		f.Ignored = nil
		if !msg.undo {
			f.Ignored = &report.Ignore{Reason: msg.reason, At: msg.at}
		}
	}
	if msg.undo {
		m.notice = msg.id + " no longer ignored"
	} else {
		m.notice = fmt.Sprintf("%s ignored, reason saved in %s/%s", msg.id, suppress.Dir, suppress.Name)
	}
	m.list.refilter()
	m.detail.Refresh()
}
