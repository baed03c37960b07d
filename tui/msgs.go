package tui

import "time"

// Messages: each is the result of one tea.Cmd.

// sourceMsg carries a source file's lines, or why it could not be read.
type sourceMsg struct {
	file  string
	lines []string
	err   error
}

// replayMsg is the outcome of a replay.
type replayMsg struct {
	id     string
	code   int    // exit code; -1 when the command did not run
	output string // combined output
	err    error
}

// ignoredMsg reports that a finding was (un)marked ignored in the
// suppression file.
type ignoredMsg struct {
	id, reason string
	at         time.Time
	undo       bool
	err        error
}

// editorMsg reports that the editor exited.
type editorMsg struct{ err error }

// copiedMsg reports a copy to the clipboard.
type copiedMsg struct {
	text string
	err  error
}
