package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
)

// sampleReview is the hand-written sample report of the tui package.
var sampleReview = filepath.Join(filepath.Dir(corpus.MustRoot()), "tui", "testdata", "review.json")

// reviewModule makes a module in a temporary directory holding the abba
// corpus case and the sample report as .deadhunt/last.json, the report
// review opens by default.
func reviewModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	corpusDir := corpus.MustRoot()
	files := map[string]string{
		"corpus/deadlock/abba/abba.go":      filepath.Join(corpusDir, "deadlock/abba/abba.go"),
		"corpus/deadlock/abba/abba_test.go": filepath.Join(corpusDir, "deadlock/abba/abba_test.go"),
		".deadhunt/last.json":               sampleReview,
	}
	for dst, src := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(dst)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, dst), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module github.com/deadhunt/deadhunt\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestReviewSARIF(t *testing.T) {
	root := reviewModule(t)
	set, _ := suppress.Load(root)
	if err := set.Add("DH-a8e7bcb6dc", "single-threaded"); err != nil {
		t.Fatal(err)
	}
	r := cli(t, env{dir: root}, "review", "-sarif", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				Suppressions []any `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	suppressed := 0
	for _, r := range log.Runs[0].Results {
		suppressed += len(r.Suppressions)
	}
	if log.Version != "2.1.0" || len(log.Runs[0].Results) != 4 || suppressed != 1 {
		t.Errorf("version %q, %d results, %d suppressed", log.Version, len(log.Runs[0].Results), suppressed)
	}
}

func TestReviewGitHub(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	r := cli(t, env{dir: reviewModule(t)}, "review")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if n := strings.Count(r.stdout, "\n::"); !strings.HasPrefix(r.stdout, "::warning file=shop/ledger/ledger.go,line=31,col=2,") || n != 3 {
		t.Errorf("%d annotations:\n%s", n+1, r.stdout)
	}
}

func TestReviewUsage(t *testing.T) {
	if r := cli(t, env{}, "review", "a.json", "b.json"); r.code != exitUsage || !strings.Contains(r.stderr, "want at most one report file, got 2") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	if r := cli(t, env{}, "review"); r.code != exitError || !strings.Contains(r.stderr, "run deadhunt confirm first") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
}

// A report named relative to the working directory, outside any module,
// is read from there, and printed as text when stdout is no terminal.
func TestReviewText(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(sampleReview)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "r.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := cli(t, env{dir: dir}, "review", "r.json")
	if r.code != exitOK || !strings.Contains(r.stderr, "standard output is not a terminal; printing the report as text") || !strings.Contains(r.stdout, "confirmed lock-order-cycle") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// tmuxSession drives the real binary in a terminal made by tmux.
type tmuxSession struct {
	t      *testing.T
	socket string
}

func (s *tmuxSession) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *tmuxSession) keys(keys ...string) {
	s.run(append([]string{"send-keys", "-t", "review"}, keys...)...)
}

// screenWait bounds a wait for the review screen to show something: it
// polls, so the bound costs nothing when the screen is right, and is far
// above what a loaded machine takes to redraw.
const screenWait = 30 * time.Second

// screen waits until the screen shows every text and returns it.
func (s *tmuxSession) screen(bound time.Duration, texts ...string) string {
	s.t.Helper()
	var last string
	for end := time.Now().Add(bound); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		last = s.run("capture-pane", "-p", "-t", "review")
		ok := true
		for _, text := range texts {
			ok = ok && strings.Contains(last, text)
		}
		if ok {
			return last
		}
	}
	s.t.Fatalf("screen never showed %q; last screen:\n%s", texts, last)
	return ""
}

func TestReviewInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: this test drives deadhunt review in a real terminal made by tmux")
	}
	if testing.Short() {
		t.Skip("builds the deadhunt binary and confirms a corpus deadlock")
	}
	// Bounds, so that a broken build or confirm fails the test, not hangs it.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bin := filepath.Join(t.TempDir(), "deadhunt")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A real report: confirm the corpus AB-BA deadlock in a copy of the
	// module; it lands in .deadhunt/last.json, which review opens by default.
	root := reviewModule(t)
	os.Remove(filepath.Join(root, ".deadhunt", "last.json"))
	confirm := exec.CommandContext(ctx, bin, "confirm", "./corpus/deadlock/abba")
	confirm.Dir = root
	if out, err := confirm.CombinedOutput(); confirm.ProcessState.ExitCode() != exitDeadlock {
		t.Fatalf("deadhunt confirm on corpus/deadlock/abba: %v, want exit %d\n%s", err, exitDeadlock, out)
	}
	rep, err := report.ReadFile(filepath.Join(root, ".deadhunt", "last.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Findings[0]
	if f.Status != report.Confirmed || len(f.Goroutines) == 0 || len(f.Goroutines[0].Stack) < 2 {
		t.Fatalf("confirm reported %s", f.Summary())
	}

	editorArgs := filepath.Join(root, "editor-args")
	editor := filepath.Join(t.TempDir(), "editor")
	os.WriteFile(editor, []byte("#!/bin/sh\necho \"$@\" > "+editorArgs+"\n"), 0o755)

	s := &tmuxSession{t: t, socket: fmt.Sprintf("deadhunt-test-%d", os.Getpid())}
	s.run("-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "-s", "review", "-c", root,
		"-e", "EDITOR="+editor, "-e", "NO_COLOR=1", "-e", "TERM=xterm-256color", bin+" review")
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })

	list := s.screen(screenWait, "TestTransfer", "1 of 1", ".deadhunt/last.json")
	t.Logf("list:\n%s", list)

	s.keys("Enter")
	s.screen(screenWait, "CYCLE", "GOROUTINES AT THE DEADLOCK")
	s.keys("n")
	detail := s.screen(screenWait, "go Transfer(a, b, 10)", "to.mu.Lock()")
	t.Logf("detail:\n%s", detail)

	s.keys("e") // the selected site, the second frame of the first goroutine
	s.screen(screenWait, "to.mu.Lock()")
	for end := time.Now().Add(screenWait); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(editorArgs); err == nil {
			break
		}
	}
	fr := f.Goroutines[0].Stack[1]
	got, err := os.ReadFile(editorArgs)
	if want := fmt.Sprintf("+%d %s\n", fr.Line, fr.File); err != nil || string(got) != want {
		t.Errorf("editor ran with %q (%v), want %q", got, err, want)
	}

	s.keys("w")
	lanes := s.screen(screenWait, "step │ goroutine 1", "✗ blocked abba.go:16")
	t.Logf("lanes:\n%s", lanes)

	// Replay runs the real binary on the real witness.
	s.keys("r")
	s.screen(2*time.Minute, "replay "+f.ID+": deadlock reproduced (exit 3)")

	// One key at a time: escapes sent together read as alt+key.
	s.keys("Escape")
	s.screen(screenWait, "n next site")
	s.keys("Escape")
	s.screen(screenWait, "/ to filter")
	s.keys("i")
	s.screen(screenWait, "why ignore "+f.ID+"?")
	s.keys("-l", "known, fixed in the next release")
	s.keys("Enter")
	ignored := s.screen(screenWait, "1 ignored", "reason saved in .deadhunt/ignore.json")
	t.Logf("ignored:\n%s", ignored)
	set, err := suppress.Load(root)
	if e, ok := set.Lookup(f.ID); err != nil || !ok || e.Reason != "known, fixed in the next release" {
		t.Errorf("suppression file: %v %+v", err, set.Entries())
	}

	s.keys("q")
	for end := time.Now().Add(screenWait); ; time.Sleep(50 * time.Millisecond) {
		if exec.Command("tmux", "-L", s.socket, "has-session", "-t", "review").Run() != nil {
			break
		}
		if time.Now().After(end) {
			t.Fatal("review did not exit on q")
		}
	}
}

// review -pprof writes the findings' goroutines as a profile: pprof's own
// parser reads it (gotool_test.go runs go tool pprof on it, -tags gotool).
func TestReviewPprof(t *testing.T) {
	f, err := os.Open(reviewProfile(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range p.Sample {
		found = found || slices.Equal(s.Label["id"], []string{"DH-2c7af3f694"}) && slices.Equal(s.Label["kind"], []string{"lock-order-cycle"})
	}
	if !found || len(p.Sample[0].Location) == 0 {
		t.Errorf("no stack labelled with DH-2c7af3f694's id and kind:\n%s", p)
	}
}

// reviewProfile runs review -pprof on the review module and returns the
// profile's path.
func reviewProfile(t *testing.T) string {
	t.Helper()
	root := reviewModule(t)
	r := cli(t, env{dir: root}, "review", "-pprof", "g.pb.gz")
	if r.code != exitOK || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", r.code, r.stdout, r.stderr)
	}
	return filepath.Join(root, "g.pb.gz")
}
