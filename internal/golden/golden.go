// Package golden compares test output with golden files. When the test
// binary runs with -update it rewrites the files instead:
//
//	go test ./report -run Golden -update
//
// A golden file is either a whole file (Check) or sections of a txtar
// archive whose other sections hold the test's input (CheckTxtar).
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

const updateFlag = "update"

// The -update flag. A test binary has one: if a package initialized
// earlier registered it (github.com/charmbracelet/x/exp/golden, imported by
// teatest, does; packages are initialized in import path order), Update
// reads that one.
func init() {
	if flag.Lookup(updateFlag) == nil {
		flag.Bool(updateFlag, false, "rewrite golden files instead of comparing with them")
	}
}

// Update reports whether the test binary runs with -update: golden files
// are to be rewritten rather than compared with.
func Update() bool {
	f := flag.Lookup(updateFlag)
	return f != nil && f.Value.String() == "true"
}

// Check compares got with the file at path and reports the first line
// where they differ, including a line one of them lacks. With -update it
// writes got to path instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (rerun with -update to create it)", err)
		return
	}
	if d := diff(got, want); d != "" {
		t.Errorf("output differs from %s (rerun with -update if intended)%s", path, d)
	}
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
		return
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
