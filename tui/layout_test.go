package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
)

// helperCommand runs this test binary as a stand-in for deadhunt replay: it
// prints out and exits with code.
func helperCommand(t *testing.T, out string, code int) *exec.Cmd {
	c := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	c.Env = append(os.Environ(), "DEADHUNT_TUI_HELPER=1", "HELPER_OUT="+out, "HELPER_CODE="+strconv.Itoa(code))
	return c
}

func TestHelperProcess(t *testing.T) {
	if os.Getenv("DEADHUNT_TUI_HELPER") != "1" {
		return
	}
	fmt.Println(os.Getenv("HELPER_OUT"))
	code, _ := strconv.Atoi(os.Getenv("HELPER_CODE"))
	os.Exit(code)
}

// loaded returns a model with every source file of the sample read, without
// a program: Cmds are run by hand.
func loaded(t *testing.T, opts Options) *Model {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.s.findings {
		for _, f := range filesOf(&m.s.findings[i]) {
			m.Update(loadSource(opts.ModuleRoot, f)())
		}
	}
	return m
}

// TestEverySizeFits checks that every view, in every state, fills the
// terminal exactly and never draws past its width.
func TestEverySizeFits(t *testing.T) {
	m := loaded(t, testOptions(t))
	for _, size := range [][2]int{{80, 24}, {100, 30}, {60, 16}, {40, 10}, {200, 60}, {20, 5}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for _, step := range []struct {
			name string
			do   func()
		}{
			{"list", func() { m.state = listState }},
			{"help", func() { m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")}) }},
			{"detail", func() { m.open(detailState) }},
			{"static detail", func() { m.detail.Show(&m.s.findings[1]) }},
			{"lanes", func() { m.open(lanesState) }},
			{"lanes of a finding without witness", func() { m.lanes.Show(&m.s.findings[2]) }},
			{"no help", func() { m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")}) }},
		} {
			step.do()
			checkFits(t, fmt.Sprintf("%dx%d %s", size[0], size[1], step.name), m.View(), size[0], size[1])
		}
		m.state = listState
		m.list.cursor = 0
	}
}

func checkFits(t *testing.T, what, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%s: %d lines, want %d", what, len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%s: line %d is %d cells wide: %q", what, i, n, l)
		}
	}
}

func TestManyGoroutinesScrollSideways(t *testing.T) {
	m := loaded(t, testOptions(t))
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	m.open(lanesState)
	if got := m.lanes.shown(); got != 2 {
		t.Fatalf("%d lanes shown at 60 columns, want 2", got)
	}
	view := m.View()
	if !strings.Contains(view, "lanes 1-2 of 3") || strings.Contains(view, "goroutine 19") {
		t.Errorf("first lanes:\n%s", view)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRight})
	view = m.View()
	if !strings.Contains(view, "lanes 2-3 of 3") || !strings.Contains(view, "goroutine 19") || strings.Contains(view, "goroutine 1 ") {
		t.Errorf("after →:\n%s", view)
	}
}

func TestNoColor(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	if o := withDefaults(Options{}); !o.NoColor {
		t.Error("NO_COLOR set but colour on")
	}
	m := loaded(t, Options{ReportPath: sampleReport, ModuleRoot: filepath.Dir(corpus.MustRoot()), Output: &strings.Builder{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, st := range []state{listState, detailState, lanesState} {
		if st != listState {
			m.open(st)
		}
		if v := m.View(); strings.Contains(v, "\x1b[") {
			t.Errorf("escape sequence with NO_COLOR in state %d: %q", st, v)
		}
	}
}

func TestEditorCommand(t *testing.T) {
	c, err := editorCommand("code -g", "/repo", reportSite("a/b.go", 12))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.Args, " "); got != "code -g +12 /repo/a/b.go" {
		t.Errorf("args %q", got)
	}
	if _, err := editorCommand("", "/repo", reportSite("a/b.go", 12)); err == nil {
		t.Error("no error without an editor")
	}
}
func reportSite(file string, line int) report.Site { return report.Site{File: file, Line: line} }

func TestPackageErrorsInTitle(t *testing.T) {
	rep, err := report.ReadFile(sampleReport)
	if err != nil {
		t.Fatal(err)
	}
	rep.Errors = []report.PackageError{{Package: "example.com/broken", Err: "does not compile"}}
	path := t.TempDir() + "/r.json"
	if err := rep.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	opts := testOptions(t)
	opts.ReportPath = path
	m := loaded(t, opts)
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 24})
	if v := m.View(); !strings.Contains(v, "1 package error(s)") {
		t.Errorf("title does not count the report's errors:\n%s", v)
	}
}
