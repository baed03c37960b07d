package golden

import (
	"bytes"
	"fmt"
	"strings"
)

// context is how many equal lines diff shows before the first difference.
const context = 2

// diff describes where got first differs from want, the golden text: the
// line number, a few equal lines before it, and both versions of the line,
// quoted so that spaces and carriage returns show. It is "" if they are
// equal.
func diff(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	gl, wl := lines(got), lines(want)
	i := 0
	for i < len(gl) && i < len(wl) && gl[i] == wl[i] {
		i++
	}
	// Every line is equal, and only one text ends with a newline.
	endOnly := len(gl) == len(wl) && i == len(gl)
	var b strings.Builder
	switch {
	case endOnly:
		fmt.Fprintf(&b, " at the end of line %d:\n", i)
	case len(gl) != len(wl):
		fmt.Fprintf(&b, " at line %d (output has %d lines, golden text %d):\n", i+1, len(gl), len(wl))
	default:
		fmt.Fprintf(&b, " at line %d:\n", i+1)
	}
	for j := max(0, i-context); j < i; j++ {
		fmt.Fprintf(&b, "     %q\n", gl[j])
	}
	if endOnly {
		fmt.Fprintf(&b, " got %s\nwant %s", ending(got), ending(want))
	} else {
		fmt.Fprintf(&b, " got %s\nwant %s", line(gl, i, "(end of output)"), line(wl, i, "(end of golden text)"))
	}
	return b.String()
}

// lines splits text into lines, without the empty one after a final
// newline.
func lines(text []byte) []string {
	ls := strings.Split(string(text), "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

func line(ls []string, i int, end string) string {
	if i >= len(ls) {
		return end
	}
	return fmt.Sprintf("%q", ls[i])
}

func ending(text []byte) string {
	if bytes.HasSuffix(text, []byte("\n")) {
		return "(end, after a final newline)"
	}
	return "(end, without a final newline)"
}
