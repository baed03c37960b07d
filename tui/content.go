package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

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

// content accumulates the lines of a view.
type content struct {
	w     int
	lines []string
}

func (c *content) add(lines ...string) { c.lines = append(c.lines, lines...) }

func (c *content) section(st styles, title string) {
	c.add("", st.Header.Render(title))
}

func (c *content) field(name, value string) {
	c.add(fmt.Sprintf("%-9s %s", name, value))
}

// wrap adds a field whose value is word-wrapped under itself.
func (c *content) wrap(name, value string) {
	if value == "" {
		return
	}
	lines := wrapWords(value, max(20, c.w-10))
	for i, l := range lines {
		if i == 0 {
			c.field(name, l)
		} else {
			c.field("", l)
		}
	}
}

// wrapWords breaks text into lines of at most w cells at spaces.
func wrapWords(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}
