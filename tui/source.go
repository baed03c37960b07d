package tui

import (
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/deadhunt/deadhunt/report"
)

// excerptRadius is how many lines around a frame's line are shown.
const excerptRadius = 2

// loadSource reads one file, as a tea.Cmd.
func loadSource(root, file string) tea.Cmd {
	return func() tea.Msg {
		data, err := os.ReadFile(resolve(root, file))
		if err != nil {
			return sourceMsg{file: file, err: err}
		}
		text := strings.ReplaceAll(string(data), "\r\n", "\n")
		return sourceMsg{file: file, lines: strings.Split(text, "\n")}
	}
}

// filesOf lists the files a finding's detail view shows source from.
func filesOf(f *report.Finding) []string {
	var files []string
	seen := make(map[string]bool)
	add := func(file string) {
		if file != "" && !seen[file] {
			seen[file] = true
			files = append(files, file)
		}
	}
	for _, g := range f.Goroutines {
		for _, fr := range g.Stack {
			add(fr.File)
		}
	}
	for _, e := range f.Edges {
		add(e.HeldAt.File)
		add(e.AcquiredAt.File)
	}
	for _, l := range f.Locks {
		for _, s := range l.Sites {
			add(s.File)
		}
	}
	return files
}

// sourceCmds loads the files of f not yet cached or on their way; it marks
// them as on their way in pending.
func (s *session) sourceCmds(f *report.Finding, pending map[string]bool) tea.Cmd {
	var cmds []tea.Cmd
	for _, file := range filesOf(f) {
		if _, ok := s.sources[file]; ok || pending[file] {
			continue
		}
		pending[file] = true
		cmds = append(cmds, loadSource(s.root, file))
	}
	return tea.Batch(cmds...)
}

// excerpt renders the lines around line of file, the line itself marked and
// highlighted; indent prefixes every line.
func (s *session) excerpt(file string, line int, indent string, w int) []string {
	src, ok := s.sources[file]
	switch {
	case !ok:
		return []string{indent + s.st.Dim.Render("loading source…")}
	case src.err != nil:
		return []string{indent + s.st.Dim.Render("source not available")}
	case line < 1 || line > len(src.lines):
		return []string{indent + s.st.Dim.Render(fmt.Sprintf("line %d is outside the file (%d lines)", line, len(src.lines)))}
	}
	var out []string
	for n := max(1, line-excerptRadius); n <= min(len(src.lines), line+excerptRadius); n++ {
		text := strings.ReplaceAll(src.lines[n-1], "\t", "    ")
		num := fmt.Sprintf("%4d │ ", n)
		room := w - len(indent) - 2 - len([]rune(num))
		if n == line {
			out = append(out, indent+"▶ "+s.st.Highlight.Render(num+cut(text, room)))
			continue
		}
		out = append(out, indent+"  "+s.st.Gutter.Render(num)+cut(text, room))
	}
	return out
}
