//go:build gcl

// This test downloads and builds golangci-lint (minutes): it is left out
// of go test ./... and run by task lint (go test -tags gcl).

package gclplugin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
)

// gclVersion is the golangci-lint the test builds with the plugin, as
// .custom-gcl.yml names it in docs/ci.md.
const gclVersion = "v2.15.0"

// TestCustomGolangciLint builds a custom golangci-lint holding the plugin
// and runs it on a corpus package with a lock-order cycle. golangci-lint
// custom clones golangci-lint with git and builds it with a blank import
// of each plugin added to cmd/golangci-lint/plugins.go; with only the Go
// module proxy to reach, the test takes golangci-lint's source from the
// module cache (go mod download) and does the same. It is skipped, saying
// why, when golangci-lint cannot be downloaded.
func TestCustomGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds golangci-lint")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	out, err := exec.Command("go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+gclVersion).Output()
	if err != nil {
		t.Skipf("golangci-lint %s cannot be downloaded (no module proxy?), so no custom golangci-lint is built: %v", gclVersion, err)
	}
	src := field(string(out), "Dir")
	work := t.TempDir()
	gcl := filepath.Join(work, "src")
	if err := os.CopyFS(gcl, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	chmodWritable(t, gcl)
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	plugins := "package main\n\nimport _ \"github.com/deadhunt/deadhunt/cmd/lockcycle/gclplugin\"\n"
	if err := os.WriteFile(filepath.Join(gcl, "cmd", "golangci-lint", "plugins.go"), []byte(plugins), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(work, "custom-gcl")
	run(t, gcl, "go", "mod", "edit", "-require=github.com/deadhunt/deadhunt@v0.0.0", "-replace=github.com/deadhunt/deadhunt="+root)
	run(t, gcl, "go", "mod", "tidy")
	run(t, gcl, "go", "build", "-o", bin, "./cmd/golangci-lint")

	mod := hunttest.CorpusModule(t, "deadlock/abba", "clean/ordered")
	config := `version: "2"
linters:
  default: none
  enable:
    - lockcycle
  settings:
    custom:
      lockcycle:
        type: module
        description: lock-order cycles, double locking, recursive read locks, missing unlocks
`
	if err := os.WriteFile(filepath.Join(mod, ".golangci.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+filepath.Join(work, "cache"))
	got, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("custom golangci-lint: %v, want exit 1 (issues found); output:\n%s", err, got)
	}
	text := string(got)
	if !strings.Contains(text, "abba.go:16:12: lock order cycle: (*abba.Account).mu") || !strings.Contains(text, "(lockcycle)") {
		t.Errorf("output does not report abba's cycle by lockcycle:\n%s", text)
	}
	if strings.Contains(text, "ordered") {
		t.Errorf("output reports the clean look-alike:\n%s", text)
	}
}

// field is the value of a string field of go's -json output.
func field(js, name string) string {
	_, v, _ := strings.Cut(js, `"`+name+`": "`)
	v, _, _ = strings.Cut(v, `"`)
	return v
}

// chmodWritable makes the tree copied from the read-only module cache
// writable.
func chmodWritable(t *testing.T, dir string) {
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// run runs a command in dir and fails the test if it fails.
func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
