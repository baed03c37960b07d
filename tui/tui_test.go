package tui

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

const sampleReport = "testdata/review.json"

// wait bounds each wait for the UI so a broken test fails instead of hanging.
const wait = 10 * time.Second

func fixedNow() time.Time { return time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC) }

// testOptions review the sample report from the module root, so the
// report's relative file names reach corpus/deadlock/abba.
func testOptions(t *testing.T) Options {
	return Options{
		ReportPath: sampleReport, ModuleRoot: filepath.Dir(corpus.MustRoot()), NoColor: true, Now: fixedNow,
		Editor:    "false",
		Clipboard: func(string) error { return nil },
		Replay:    func(string, string) *exec.Cmd { t.Error("unexpected replay"); return nil },
	}
}

func start(t *testing.T, opts Options, w, h int) *teatest.TestModel {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
}

func waitFor(t *testing.T, tm *teatest.TestModel, texts ...string) {
	t.Helper()
	var seen []byte
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		seen = append(seen, b...)
		for _, s := range texts {
			if !bytes.Contains(seen, []byte(s)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(wait), teatest.WithCheckInterval(5*time.Millisecond))
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		switch k {
		case "enter":
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		case "esc":
			tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
		default:
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
}

// checkView compares a screen with the test's golden file,
// testdata/<Test>.golden.
func checkView(t *testing.T, view string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", t.Name()+".golden"), []byte(view))
}

// final quits and returns the last screen.
func final(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	keys(tm, "q")
	return tm.FinalModel(t, teatest.WithFinalTimeout(wait)).View()
}

func TestSampleReportsAreValid(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) == 0 {
		t.Fatal("no sample reports")
	}
	for _, f := range files {
		if _, err := report.ReadFile(f); err != nil {
			t.Error(err)
		}
	}
}

func TestList(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	view := final(t, tm)
	// Confirmed first (report.Sort), whatever the order in the file.
	if i, j := strings.Index(view, "confirmed"), strings.Index(view, "static "); i < 0 || j < 0 || i > j {
		t.Errorf("confirmed finding not listed first:\n%s", view)
	}
	checkView(t, view)
}

func TestDetail(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	// Open the confirmed cycle and step to its first frame's source.
	keys(tm, "enter", "n")
	waitFor(t, tm, "go Transfer(a, b, 10)", "to.mu.Lock()", "▸  #1 abba.TestTransfer.gowrap1")
	keys(tm, "N")
	waitFor(t, tm, "▸  #0 abba.Transfer")
	view := final(t, tm)
	for _, want := range []string{"▸  #0 abba.Transfer", "corpus/deadlock/abba/abba.go:16", "▶   16 │     to.mu.Lock()", "      ▶   10 │     go Transfer(a, b, 10)"} {
		if !strings.Contains(view, want) {
			t.Errorf("detail lacks %q:\n%s", want, view)
		}
	}
	checkView(t, view)
}

func TestDetailStatic(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "j", "enter", "n", "n")
	waitFor(t, tm, "source not available")
	checkView(t, final(t, tm))
}

func TestLanes(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "enter", "w")
	waitFor(t, tm, "goroutine 19", "✗ blocked abba.go:16")
	view := final(t, tm)
	lines := strings.Split(view, "\n")
	// One column per goroutine: the lane of goroutine 19 starts where its
	// header does.
	var col19, step7 int = -1, -1
	for _, l := range lines {
		if i := strings.Index(l, "goroutine 19"); i >= 0 {
			col19 = len([]rune(l[:i]))
		}
		if strings.HasPrefix(l, "     7 │") {
			step7 = len([]rune(l[:strings.Index(l, "Lock")]))
		}
	}
	if col19 < 0 || col19 != step7 {
		t.Errorf("step 7 (goroutine 19) at column %d, lane at %d:\n%s", step7, col19, view)
	}
	if !strings.Contains(view, " *   5 │") {
		t.Errorf("change point at step 5 not marked:\n%s", view)
	}
	checkView(t, view)
}

func TestFilter(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "/", "s", "h", "o", "p", "enter")
	waitFor(t, tm, "3 of 4")
	keys(tm, "s", "s", "s") // all → confirmed → predicted-dynamic → predicted-static
	waitFor(t, tm, "status: predicted-static")
	view := final(t, tm)
	if strings.Contains(view, "TestTransfer") || strings.Contains(view, "catalog") || !strings.Contains(view, "2 of 4") {
		t.Errorf("filter /shop + predicted-static shows the wrong findings:\n%s", view)
	}
	checkView(t, view)
}

func TestFilterCleared(t *testing.T) {
	tm := start(t, testOptions(t), 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "/", "z", "z", "z")
	waitFor(t, tm, "no findings match")
	keys(tm, "esc")
	waitFor(t, tm, "4 of 4")
	if view := final(t, tm); !strings.Contains(view, "TestTransfer") {
		t.Errorf("esc did not clear the filter:\n%s", view)
	}
}

func TestIgnore(t *testing.T) {
	root := t.TempDir()
	opts := testOptions(t)
	opts.ModuleRoot = root
	tm := start(t, opts, 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "j", "i")
	waitFor(t, tm, "why ignore DH-026ad48e46?")
	keys(tm, "enter") // refused: no reason
	waitFor(t, tm, "not ignored: a reason is required")
	keys(tm, "i")
	waitFor(t, tm, "why ignore DH-026ad48e46?")
	for _, r := range "cart and stock never run concurrently" {
		tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	keys(tm, "enter")
	waitFor(t, tm, "1 ignored")
	view := final(t, tm)
	checkView(t, view)

	set, err := suppress.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := set.Lookup("DH-026ad48e46")
	if !ok || e.Reason != "cart and stock never run concurrently" || !e.At.Equal(fixedNow()) || set.Len() != 1 {
		t.Errorf("suppression file holds %+v", set.Entries())
	}
}

func TestIgnoredFromFileAndUnignore(t *testing.T) {
	root := t.TempDir()
	set, _ := suppress.Load(root)
	if err := set.Add("DH-a8e7bcb6dc", "ledger is single-threaded"); err != nil {
		t.Fatal(err)
	}
	opts := testOptions(t)
	opts.ModuleRoot = root
	tm := start(t, opts, 80, 24)
	waitFor(t, tm, "1 ignored")
	keys(tm, "s", "s", "s", "s", "s") // status filter: ignored
	waitFor(t, tm, "status: ignored", "ledger is single-threaded")
	keys(tm, "u")
	waitFor(t, tm, "no longer ignored")
	view := final(t, tm)
	if !strings.Contains(view, "0 ignored") {
		t.Errorf("unignore not shown:\n%s", view)
	}
	again, _ := suppress.Load(root)
	if again.Contains("DH-a8e7bcb6dc") {
		t.Error("unignore left the entry in the file")
	}
}

func TestCopy(t *testing.T) {
	copied := make(chan string, 1)
	opts := testOptions(t)
	opts.Clipboard = func(s string) error { copied <- s; return nil }
	tm := start(t, opts, 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "y")
	waitFor(t, tm, "copied (OSC52)")
	final(t, tm)
	// The report under review, not the file its witness's command names.
	if got := <-copied; got != "deadhunt replay testdata/review.json --finding DH-2c7af3f694" {
		t.Errorf("copied %q", got)
	}
}

func TestReplay(t *testing.T) {
	opts := testOptions(t)
	var asked []string
	opts.Replay = func(rep, id string) *exec.Cmd {
		asked = append(asked, rep, id)
		return helperCommand(t, "reproduced", 3)
	}
	tm := start(t, opts, 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "enter", "r")
	waitFor(t, tm, "deadlock reproduced (exit 3)")
	keys(tm, "esc", "j", "r")
	waitFor(t, tm, "no witness to replay")
	keys(tm, "q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(wait)).(*Model)
	view := fm.View()
	fm.detail.Show(&fm.s.findings[0])
	if d := fm.detail.View() + strings.Join(fm.detail.build(), "\n"); !strings.Contains(d, "LAST REPLAY") || !strings.Contains(d, "reproduced") {
		t.Errorf("detail does not show the replay's outcome and output:\n%s", d)
	}
	if fmt.Sprint(asked) != "[testdata/review.json DH-2c7af3f694]" {
		t.Errorf("replay asked for %v", asked)
	}
	if !strings.Contains(view, "no witness to replay (predicted-static)") {
		t.Errorf("view:\n%s", view)
	}
}

func TestEditor(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "args")
	script := filepath.Join(dir, "editor")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" > "+out+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	opts := testOptions(t)
	opts.Editor = script + " --wait"
	tm := start(t, opts, 80, 24)
	waitFor(t, tm, "TestTransfer")
	keys(tm, "enter", "n", "e") // the second site: abba_test.go:10
	waitFor(t, tm, "go Transfer(a, b, 10)")
	final(t, tm)
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(corpus.MustRoot(), "deadlock", "abba", "abba_test.go")
	if want := "--wait +10 " + abs + "\n"; string(got) != want {
		t.Errorf("editor got %q, want %q", got, want)
	}
}

func TestCycleDrawing(t *testing.T) {
	rep, err := report.ReadFile(sampleReport)
	if err != nil {
		t.Fatal(err)
	}
	var f *report.Finding
	for i := range rep.Findings {
		if rep.Findings[i].Status == report.Confirmed {
			f = &rep.Findings[i]
		}
	}
	m, _ := New(testOptions(t))
	got := strings.Join(drawCycle(f, m.s.st), "\n")
	want := `  ┌─▶ (*abba.Account).mu
  │     │ goroutine 18: holds since abba.go:14:2
  │     │               acquires at abba.go:16:2
  │     ▼
  │   (*abba.Account).mu
  │     │ goroutine 19: holds since abba.go:14:2
  │     │               acquires at abba.go:16:2
  └─────┘`
	if got != want {
		t.Errorf("cycle:\n%s\nwant:\n%s", got, want)
	}
}

// TestLaneNames: the steps of goroutine 0 are the timers' firings.
func TestLaneNames(t *testing.T) {
	if got := laneName(0); got != "timers" {
		t.Errorf("laneName(0) = %q, want timers", got)
	}
	if got := laneName(3); got != "goroutine 3" {
		t.Errorf("laneName(3) = %q, want goroutine 3", got)
	}
}
