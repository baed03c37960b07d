package tui

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

// exitDeadlock is deadhunt replay's exit code when the deadlock reproduced.
const exitDeadlock = 3

// replayCommand is the command line that replays f from the report under
// review, which is what r replays: the witness's own command names the
// file its hunt saved (.deadhunt/last.json), which a later hunt replaces.
func (s *session) replayCommand(f *report.Finding) string {
	if f.Witness == nil || f.Status != report.Confirmed { // a hang's run is not a witness to replay
		return ""
	}
	return fmt.Sprintf("deadhunt replay %s --finding %s", shellQuote(s.report), f.ID)
}

// shellQuote quotes name for a POSIX shell if it needs it.
func shellQuote(name string) string {
	if name != "" && !strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./+=:,@%", r))
	}) {
		return name
	}
	return "'" + strings.ReplaceAll(name, "'", `'\''`) + "'"
}

// replayCmd runs a replay and reports its outcome.
func replayCmd(c *exec.Cmd, id string) tea.Cmd {
	return func() tea.Msg {
		out, err := c.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return replayMsg{id: id, code: 0, output: string(out)}
		case errors.As(err, &exit):
			return replayMsg{id: id, code: exit.ExitCode(), output: string(out)}
		}
		return replayMsg{id: id, code: -1, output: string(out), err: err}
	}
}

// replayOutcome says what a replay showed, in one line, with the reason
// deadhunt replay gave when the deadlock did not come again.
func replayOutcome(r replayMsg, st styles) string {
	why := ""
	if w := replayWhy(r.output, r.id); w != "" {
		why = ": " + w
	}
	switch {
	case r.err != nil:
		return st.Error.Render(fmt.Sprintf("replay %s: could not run: %v", r.id, r.err))
	case r.code == exitDeadlock:
		return st.Error.Render(fmt.Sprintf("replay %s: deadlock reproduced (exit %d)", r.id, r.code))
	case r.code == 0:
		return st.OK.Render(fmt.Sprintf("replay %s: no deadlock this time (exit 0)%s", r.id, why))
	}
	return st.Error.Render(fmt.Sprintf("replay %s: failed (exit %d)%s", r.id, r.code, why))
}

// replayWhy is the reason in deadhunt replay's output: the error it
// stopped with ("deadhunt replay: DH-x: ...: stale witness: ..."), else
// how the last replay of id went ("DH-x replay 1/1: diverged from ...");
// "" if the output has neither.
func replayWhy(output, id string) string {
	lines := strings.Split(strings.TrimSpace(output), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if msg, ok := strings.CutPrefix(l, "deadhunt replay: "); ok {
			for _, p := range []string{id + ": ", "driver: ", "finding " + id + ": "} {
				msg = strings.TrimPrefix(msg, p)
			}
			return msg
		}
		if rest, ok := strings.CutPrefix(l, id+" replay "); ok {
			if _, how, ok := strings.Cut(rest, ": "); ok {
				return how
			}
		}
	}
	return ""
}

// editorCommand opens a site in editor ("vi", "code -g" ...) with the +LINE
// convention most editors share; root is absolute.
func editorCommand(editor, root string, s report.Site) (*exec.Cmd, error) {
	fields := strings.Fields(editor)
	if len(fields) == 0 {
		return nil, errors.New("no editor: set $EDITOR")
	}
	if s.IsZero() {
		return nil, errors.New("no source position to open")
	}
	file := filepath.Clean(resolve(root, s.File))
	args := append(fields[1:len(fields):len(fields)], fmt.Sprintf("+%d", max(1, s.Line)), file)
	return exec.Command(fields[0], args...), nil
}

// primarySite is where edit opens from the list: the first frame of the
// first goroutine, else the first edge's acquisition, else a lock site.
func primarySite(f *report.Finding) report.Site {
	for _, g := range f.Goroutines {
		if len(g.Stack) > 0 {
			fr := g.Stack[0]
			return report.Site{File: fr.File, Line: fr.Line, Func: fr.Func}
		}
	}
	for _, e := range f.Edges {
		if !e.AcquiredAt.IsZero() {
			return e.AcquiredAt
		}
	}
	for _, l := range f.Locks {
		if len(l.Sites) > 0 {
			return l.Sites[0]
		}
	}
	return report.Site{}
}

// ignoreStore serialises writes to the suppression file from tea.Cmds.
type ignoreStore struct {
	mu  sync.Mutex
	set *suppress.Set
}

func (st *ignoreStore) addCmd(id, reason string) tea.Cmd {
	return func() tea.Msg {
		st.mu.Lock()
		defer st.mu.Unlock()
		if err := st.set.Add(id, reason); err != nil {
			return ignoredMsg{id: id, err: err}
		}
		e, _ := st.set.Lookup(id)
		return ignoredMsg{id: id, reason: e.Reason, at: e.At}
	}
}

func (st *ignoreStore) removeCmd(id string) tea.Cmd {
	return func() tea.Msg {
		st.mu.Lock()
		defer st.mu.Unlock()
		return ignoredMsg{id: id, undo: true, err: st.set.Remove(id)}
	}
}

// copyCmd puts text on the clipboard.
func copyCmd(clip func(string) error, text string) tea.Cmd {
	return func() tea.Msg { return copiedMsg{text: text, err: clip(text)} }
}
