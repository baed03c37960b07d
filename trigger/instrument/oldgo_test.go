package instrument

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/deadhunt/deadhunt/trigger"
)

// TestOldGoModule builds the tests of a module whose go.mod says go 1.16
// and lists only its direct requirement (example.com/a, which requires
// example.com/b): tidy by 1.16's rules, which go test accepts. Raising its
// go line to the runtime's 1.21 made the go command demand the module
// graph of 1.17 and later (updates to go.mod needed); the rewritten files
// are raised instead, and the runtime's go.mod asks no newer go than the
// user's. Built with the pass-through runtime and with the real one.
func TestOldGoModule(t *testing.T) {
	runtimes := map[string]func() (map[string][]byte, error){"passthrough": passthrough, "real": trigger.RuntimeFiles}
	for _, name := range []string{"passthrough", "real"} {
		t.Run(name, func(t *testing.T) {
			if name == "real" && testing.Short() {
				t.Skip("builds with the real runtime")
			}
			src := copyTree(t, "testdata/oldgo")
			sum := fileProxyOf(t, proxyModule{filepath.Join(src, "a"), "example.com/a", "v1.0.0"},
				proxyModule{filepath.Join(src, "b"), "example.com/b", "v1.0.0"})
			dir := filepath.Join(src, "main")
			if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte(sum), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := goCmd(dir, "test", "-count=1", "."); err != nil {
				t.Fatalf("go test fails without deadhunt: %v\n%s", err, out)
			}
			pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"."}}, runtimes[name]))
			p := pkgs["example.com/old"]
			if p == nil || p.Err != nil || p.Binary == "" {
				t.Fatalf("old: %+v", p)
			}
			if d := pkgs["example.com/b"]; d == nil || !d.Dependency || d.Err != nil {
				t.Errorf("b not instrumented as a dependency: %+v", d)
			}
			for _, w := range p.Warnings {
				t.Logf("warning: %s", w)
			}
			if out, err := runBinary(p.Binary, nil, "-test.count=1"); err != nil {
				t.Fatalf("instrumented tests fail: %v\n%s", err, out)
			}
		})
	}
}

// goCmd runs the go command in dir, as a user would.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
