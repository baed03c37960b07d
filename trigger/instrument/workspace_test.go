package instrument

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkspaceModule builds a module of a workspace that requires
// another of the workspace's modules without a replace directive: go test
// finds it through go.work only. Builds run without the workspace (-modfile
// cannot be used with one), so the temporary go.mod replaces each other
// module the workspace uses by its directory; that module is instrumented
// as the user's code, in place, not copied.
func TestWorkspaceModule(t *testing.T) {
	top := copyTree(t, "testdata/multimod")
	gomod := "module example.com/main\n\ngo 1.22\n\nrequire example.com/dep v0.0.0\n"
	for name, data := range map[string]string{"main/go.mod": gomod, "go.work": "go 1.22\n\nuse (\n\t./main\n\t./dep\n)\n"} {
		if err := os.WriteFile(filepath.Join(top, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOWORK", "")
	dir := filepath.Join(top, "main")
	if out, err := goCmd(dir, "test", "-count=1", "."); err != nil {
		t.Fatalf("go test fails without deadhunt: %v\n%s", err, out)
	}
	work, cache := t.TempDir(), t.TempDir()
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"."}, WorkDir: work, CacheDir: cache}, passthrough))
	p := pkgs["example.com/main"]
	if p == nil || p.Err != nil || p.Binary == "" {
		t.Fatalf("main: %+v", p)
	}
	if d := pkgs["example.com/dep"]; d == nil || !d.Dependency || d.Err != nil {
		t.Errorf("dep not instrumented as a dependency: %+v", d)
	}
	data, err := os.ReadFile(filepath.Join(work, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), filepath.Join(top, "dep", "dep.go")) {
		t.Errorf("dep.go not in the overlay:\n%s", data)
	}
	if copies, _ := filepath.Glob(filepath.Join(cache, "mod-*")); len(copies) > 0 {
		t.Errorf("a workspace module was copied: %q", copies)
	}
	if out, err := runBinary(p.Binary, nil, "-test.count=1"); err != nil {
		t.Fatalf("instrumented tests fail: %v\n%s", err, out)
	}
}
