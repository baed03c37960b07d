// Package tui is deadhunt review: a terminal UI over a report in which a
// person looks at the findings, most certain first, reads each cycle, the
// goroutines' stacks with the source around every frame and the witness
// schedule as lanes, and acts: replay a witness, open a site in $EDITOR,
// mark a finding ignored, copy the replay command.
//
// The root model has a state (list, detail, lanes) and delegates to one
// child component per state. All I/O — reading source files, running a
// replay, writing the suppression file, the clipboard — happens in tea.Cmds
// whose results come back as messages.
package tui
