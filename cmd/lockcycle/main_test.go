package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
)

// built is the command, compiled once for the tests that run it.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// build compiles the command into a temporary directory, once.
func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the lockcycle binary")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "lockcycle-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "lockcycle")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// TestVetTool runs lockcycle under go vet on a corpus package.
func TestVetTool(t *testing.T) {
	bin := build(t)
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./deadlock/abba")
	cmd.Dir = corpus.MustRoot()
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded; want a report\n%s", out)
	}
	if !strings.Contains(string(out), "abba.go:16:12: lock order cycle: (*abba.Account).mu of from held while acquiring (*abba.Account).mu of to") {
		t.Errorf("go vet output lacks the abba cycle:\n%s", out)
	}
}

// TestStandaloneJSON runs lockcycle -json and checks go vet's JSON shape:
// package -> analyzer -> diagnostics with posn, message and category.
func TestStandaloneJSON(t *testing.T) {
	bin := build(t)
	cmd := exec.Command(bin, "-json", "./deadlock/doublelock")
	cmd.Dir = corpus.MustRoot()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("lockcycle -json: %v\n%s", err, out)
	}
	var got map[string]map[string][]struct {
		Posn     string `json:"posn"`
		Message  string `json:"message"`
		Category string `json:"category"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("not go vet JSON: %v\n%s", err, out)
	}
	diags := got["github.com/deadhunt/deadhunt/corpus/deadlock/doublelock"]["lockcycle"]
	if len(diags) == 0 || diags[0].Category != "double-lock" || !strings.HasPrefix(diags[0].Message, "double lock: ") ||
		!strings.Contains(diags[0].Posn, "doublelock.go:") {
		t.Errorf("diagnostics = %+v", diags)
	}
}

// TestVetToolListener runs lockcycle under go vet, and standalone, on a
// module of two packages (the analyzer's lsta and lstb cases): lsta calls the listeners
// and hooks kept in its fields with its lock held, lstb registers them, so
// the cycles are seen in lstb only through lsta's facts.
func TestVetToolListener(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	files := map[string]string{"go.mod": "module example.com/lst\n\ngo 1.26\n"}
	for _, pkg := range []string{"lsta", "lstb"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "analyzer", "lockcycle", "testdata", "src", pkg, pkg+".go"))
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(pkg, pkg+".go")] = strings.Replace(string(src), `"lsta"`, `"example.com/lst/lsta"`, 1)
	}
	for name, src := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The same in both modes: go vet runs one process per package and
	// passes facts in files; the standalone checker passes them in memory.
	for _, args := range [][]string{{"go", "vet", "-vettool=" + bin, "./..."}, {bin, "./..."}} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("%v succeeded; want reports\n%s", args, out)
		}
		for _, want := range []string{
			"lstb.go:27:19: lock order cycle: (*lsta.Bus).mu held while acquiring (*lstb.Watcher).mu via (*lsta.Bus).notify -> (*lstb.Watcher).Changed",
			"lstb.go:50:17: lock order cycle: (*lsta.Registry).mu held while acquiring (*lstb.Member).mu",
			"lstb.go:116:",
		} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%v output lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(string(out), "lock order cycle"); n != 3 {
			t.Errorf("%v reported %d cycles, want 3 (none through Feed or Ticker, which call outside their lock):\n%s", args, n, out)
		}
	}
}
