package main_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
)

// build compiles the command into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the lockcycle binary")
	}
	bin := filepath.Join(t.TempDir(), "lockcycle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
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
