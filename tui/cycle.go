package tui

import (
	"fmt"
	"path"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// drawCycle draws a finding's edges as a closed chain of locks:
//
//	┌─▶ a.mu
//	│     │ goroutine 18: holds since a.go:14:2
//	│     │               acquires at a.go:16:2
//	│     ▼
//	│   b.mu
//	│     │ goroutine 19: ...
//	└─────┘
//
// Each edge is labelled with the goroutine that holds the lock above while
// acquiring the lock below (the last edge returns to the first lock). Nodes
// are lock classes: an edge does not say which instance it held.
func drawCycle(f *report.Finding, st styles) []string {
	if len(f.Edges) == 0 {
		return nil
	}
	var out []string
	for i, e := range f.Edges {
		node := st.Bold.Render(e.Held)
		if i == 0 {
			out = append(out, "  ┌─▶ "+node)
		} else {
			out = append(out, "  │   "+node)
		}
		for _, l := range edgeLabel(e) {
			out = append(out, "  │     │ "+l)
		}
		if i < len(f.Edges)-1 {
			out = append(out, "  │     ▼")
		}
	}
	return append(out, "  └─────┘")
}

func edgeLabel(e report.Edge) []string {
	who := "statically"
	if e.Goroutine != 0 {
		who = fmt.Sprintf("goroutine %d", e.Goroutine)
	}
	lines := []string{
		fmt.Sprintf("%s: holds since %s", who, siteBase(e.HeldAt)),
		fmt.Sprintf("%s  acquires at %s", strings.Repeat(" ", len(who)), siteBase(e.AcquiredAt)),
	}
	if len(e.Via) > 0 {
		via := "via " + strings.Join(e.Via, " → ")
		if e.Dynamic {
			via += " (dynamic call)"
		}
		lines = append(lines, strings.Repeat(" ", len(who)+2)+via)
	}
	return lines
}

// siteBase is a site with only the file's base name: "abba.go:16:2".
func siteBase(s report.Site) string {
	if s.IsZero() {
		return "-"
	}
	s.File = path.Base(s.File)
	return s.String()
}
