package tui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

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
	errors   []report.PackageError
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
