package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/deadhunt/deadhunt/report"
)

// component is what every view of the root model is: a tea.Model that can be
// resized and tells the help line its keys.
type component interface {
	tea.Model
	help.KeyMap
	SetSize(w, h int)
}

// session is what the components share: the findings, the source cache and
// the replay outcomes. Only the root model's Update changes it.
type session struct {
	root     string // module root
	report   string // report path
	findings []report.Finding
	sources  map[string]source // by file name as the report writes it
	replays  map[string]replayMsg
	st       styles
	keys     keyMap
}

// source is one file's lines, or why it could not be read.
type source struct {
	lines []string
	err   error
}

// fit cuts or pads s to exactly h lines of at most w cells.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			lines[i] = ansi.Truncate(l, w, "…")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// cut shortens plain text to w cells with an ellipsis.
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// pad cuts or pads plain text to exactly w cells.
func pad(s string, w int) string {
	s = cut(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}
