package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"

	"github.com/deadhunt/deadhunt/report"
)

// styles are all the styles of the UI, made by one renderer so that a
// session without colour has none anywhere.
type styles struct {
	Title, Header, Selected, Dim, Bold lipgloss.Style
	Error, OK, Highlight, Gutter, Key  lipgloss.Style
	Status                             map[report.Status]lipgloss.Style
	Ignored                            lipgloss.Style
}

func newStyles(r *lipgloss.Renderer) styles {
	c := func(s string) lipgloss.Color { return lipgloss.Color(s) }
	return styles{
		Title:     r.NewStyle().Bold(true).Foreground(c("230")).Background(c("62")),
		Header:    r.NewStyle().Bold(true).Foreground(c("111")),
		Selected:  r.NewStyle().Bold(true).Foreground(c("229")).Background(c("237")),
		Dim:       r.NewStyle().Foreground(c("243")),
		Bold:      r.NewStyle().Bold(true),
		Error:     r.NewStyle().Foreground(c("203")),
		OK:        r.NewStyle().Foreground(c("114")),
		Highlight: r.NewStyle().Bold(true).Foreground(c("229")).Background(c("58")),
		Gutter:    r.NewStyle().Foreground(c("240")),
		Key:       r.NewStyle().Foreground(c("111")),
		Ignored:   r.NewStyle().Foreground(c("243")).Italic(true),
		Status: map[report.Status]lipgloss.Style{
			report.Confirmed:        r.NewStyle().Bold(true).Foreground(c("203")),
			report.PredictedDynamic: r.NewStyle().Foreground(c("215")),
			report.PredictedStatic:  r.NewStyle().Foreground(c("221")),
			report.Unconfirmed:      r.NewStyle().Foreground(c("245")),
		},
	}
}

// helpStyles gives the help bubble the session's renderer.
func (s styles) helpStyles(r *lipgloss.Renderer) help.Styles {
	desc := r.NewStyle().Foreground(lipgloss.Color("246"))
	sep := r.NewStyle().Foreground(lipgloss.Color("239"))
	return help.Styles{
		Ellipsis: sep, ShortKey: s.Key, ShortDesc: desc, ShortSeparator: sep,
		FullKey: s.Key, FullDesc: desc, FullSeparator: sep,
	}
}

// statusLabel is a status as the list shows it, at most 11 cells wide:
// predicted findings by their evidence.
func statusLabel(f *report.Finding) string {
	if f.Ignored != nil {
		return "ignored"
	}
	switch f.Status {
	case report.PredictedStatic:
		return "static"
	case report.PredictedDynamic:
		return "dynamic"
	}
	return string(f.Status)
}

func (s styles) status(f *report.Finding, text string) string {
	if f.Ignored != nil {
		return s.Ignored.Render(text)
	}
	return s.Status[f.Status].Render(text)
}
