package instrument

import (
	"bytes"
	"fmt"
	"go/version"
	"regexp"
	"strings"
)

// minGo is the lowest language version instrumented code builds with: the
// generated helpers need generics and channel-direction-aware inference.
// It stays below 1.22 so that a file written for an older version keeps
// its loop-variable semantics (one variable per loop, not per iteration).
//
// A module asking for less keeps its go line (raising it changes the
// module graph's rules: a go 1.16 go.mod lists only direct requirements,
// which 1.17 and later refuse); instead each rewritten file, and each
// file of the runtime, whose go.mod then says the user's version (a
// dependency may not ask for a newer go than the main module), is raised
// to minGo by its build line (raiseFile).
const minGo = "1.21"

var goLine = regexp.MustCompile(`(?m)^go[ \t]+([0-9][0-9A-Za-z.\-]*)[ \t]*(//.*)?$`)

// goVersionOf is the version a go.mod's go line says, "" if it has none
// (the go command then assumes go 1.16).
func goVersionOf(gomod string) string {
	if m := goLine.FindStringSubmatch(gomod); m != nil {
		return m[1]
	}
	return ""
}

// belowMin reports whether a module at go version v (maybe "") needs its
// rewritten files raised to minGo.
func belowMin(v string) bool {
	return version.Compare("go"+v, "go"+minGo) < 0
}

// fileGo raises a rewritten file of u to minGo when u's module asks for
// less, keeping the file's name and lines with a //line directive.
func fileGo(u *unit, name string, data []byte) []byte {
	if u.internal.Module == nil || !belowMin(u.internal.Module.GoVersion) {
		return data
	}
	return raiseFile(data, name+":1")
}

// raiseFile makes a Go file build with at least minGo's language version:
// its //go:build line gets "&& go1.21", or one is added, followed by
// "//line <at>" so that the file's lines keep their numbers (at is
// "name:1", or ":1:1" for the file's own name). A build line may raise a
// file's version above its module's whatever the module's version.
func raiseFile(data []byte, at string) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i, l := range lines {
		s := strings.TrimSpace(string(l))
		if strings.HasPrefix(s, "package ") || strings.HasPrefix(s, "package\t") {
			break
		}
		if expr, ok := strings.CutPrefix(s, "//go:build "); ok {
			lines[i] = []byte(fmt.Sprintf("//go:build (%s) && go%s\n", expr, minGo))
			return bytes.Join(lines, nil)
		}
	}
	return append([]byte(fmt.Sprintf("//go:build go%s\n\n//line %s\n", minGo, at)), data...)
}
