package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
)

// goTestOutcomes maps each top-level test of go test -json's output to its
// action (pass, fail, skip), counts the test packages that built and
// lists those that did not (a build failure).
func goTestOutcomes(out []byte) (map[string]string, int, []string) {
	m := map[string]string{}
	pkgs := map[string]bool{}
	var failed []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e struct{ Action, Package, Test, FailedBuild string }
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if e.FailedBuild != "" && !slices.Contains(failed, e.Package) {
			failed = append(failed, e.Package)
		}
		if strings.HasPrefix(e.Test, "Test") && !strings.Contains(e.Test, "/") { // deadhunt hunts tests, not examples or fuzz targets
			pkgs[e.Package] = true
			switch e.Action {
			case "pass", "fail", "skip":
				m[e.Package+" "+e.Test] = e.Action
			}
		}
	}
	return m, len(pkgs), failed
}

// testLine is deadhunt's line for a test: "pkg TestX: 7 runs (7 pass)...".
var testLine = regexp.MustCompile(`^(\S+) (\S+): (\d+ runs \(([^)]*)\).*?)( \[(fully|partly) controlled.*)?$`)

// deadhuntOutcomes maps each test to the outcomes part of its line.
func deadhuntOutcomes(out []byte) map[string]string {
	m := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if s := testLine.FindStringSubmatch(l); s != nil {
			m[s[1]+" "+s[2]] = s[3]
		}
	}
	return m
}

// allPass reports whether an outcome line has only passing runs (a
// confirmed deadlock is reported apart).
func allPass(line string) bool {
	_, in, _ := strings.Cut(line, "(")
	in, _, _ = strings.Cut(in, ")")
	for _, part := range strings.Split(in, ", ") {
		if !strings.HasSuffix(part, " pass") && !strings.HasSuffix(part, " deadlock") {
			return false
		}
	}
	return true
}
