package instrument

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOtherModuleWithoutGoMod builds a package whose test reaches a
// synchronizing package of a module that ships no go.mod (as
// github.com/tidwall/lotsa v1.0.2, which buntdb's tests import), at a
// plain version and at a +incompatible one. The go command synthesizes
// such a module's go.mod; the copy that replaces it needs one too, or
// the build fails reading the copy's go.mod.
func TestOtherModuleWithoutGoMod(t *testing.T) {
	for _, v := range []string{"v1.0.0", "v2.0.0+incompatible"} {
		t.Run(v, func(t *testing.T) {
			src := copyTree(t, "testdata/extmod")
			if err := os.Remove(filepath.Join(src, "sem", "go.mod")); err != nil {
				t.Fatal(err)
			}
			sum := fileProxy(t, filepath.Join(src, "sem"), "example.com/sem", v)
			dir := filepath.Join(src, "main")
			gomod := "module example.com/pool\n\ngo 1.22\n\nrequire example.com/sem " + v + "\n"
			for name, data := range map[string]string{"go.mod": gomod, "go.sum": sum} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cache := t.TempDir()
			pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"."}, CacheDir: cache}, passthrough))
			p := pkgs["example.com/pool"]
			if p == nil || p.Err != nil || p.Binary == "" {
				t.Fatalf("pool: %+v", p)
			}
			for _, w := range p.Warnings {
				if strings.Contains(w.Msg, OthersUninstrumented) {
					t.Errorf("built without the other module instrumented: %s", w.Msg)
				}
			}
			if d := pkgs["example.com/sem"]; d == nil || !d.Dependency || d.Err != nil {
				t.Fatalf("sem not instrumented as a dependency: %+v", d)
			}
			copies, _ := filepath.Glob(filepath.Join(cache, "mod-*", "go.mod"))
			if len(copies) != 1 {
				t.Fatalf("module copies with a go.mod: %q", copies)
			}
			if data, err := os.ReadFile(copies[0]); err != nil || string(data) != "module example.com/sem\n" {
				t.Errorf("the copy's go.mod = %q (%v), want the go command's synthesized one", data, err)
			}
			if out, err := runBinary(p.Binary, nil, "-test.count=1"); err != nil {
				t.Fatalf("instrumented tests fail: %v\n%s", err, out)
			}
		})
	}
}
