package instrument

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// passthrough returns the pass-through runtime of testdata, so that these
// tests check the instrumenter independently of the real runtime.
func passthrough() (map[string][]byte, error) {
	data, err := os.ReadFile("testdata/passthrough/rt.go")
	return map[string][]byte{"rt.go": data}, err
}

// copyTree copies a directory tree into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// treeHash hashes every file name, mode and content under dir.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h.Write([]byte(p + "\x00" + info.Mode().String() + "\x00"))
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func buildWith(t *testing.T, opts Options, runtime func() (map[string][]byte, error)) []Package {
	t.Helper()
	if opts.CacheDir == "" {
		opts.CacheDir = t.TempDir()
	}
	if opts.WorkDir == "" {
		opts.WorkDir = t.TempDir()
	}
	b, err := newBuilder(opts, runtime)
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := b.build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := range pkgs {
		if err := pkgs[i].CheckValid(); err != nil {
			t.Error(err)
		}
	}
	return pkgs
}

func byPath(pkgs []Package) map[string]*Package {
	m := map[string]*Package{}
	for i := range pkgs {
		m[pkgs[i].ImportPath] = &pkgs[i]
	}
	return m
}

// TestBuildModule builds the testdata module: the good package's binary
// runs its tests, the broken package gets an error naming it, the package
// without tests is reported as such, and the user's files are unchanged.
func TestBuildModule(t *testing.T) {
	dir := copyTree(t, "testdata/mod")
	before := treeHash(t, dir)
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./..."}}, passthrough))
	if after := treeHash(t, dir); after != before {
		t.Error("the user's module changed")
	}
	ok := pkgs["example.com/m/ok"]
	if ok == nil || ok.Err != nil || ok.Binary == "" {
		t.Fatalf("ok: %v", ok)
	}
	if got, want := strings.Join(ok.Tests, " "), "TestCounter TestExternal TestFirst TestLines TestPanic TestPipeline"; got != want {
		t.Errorf("tests = %s, want %s", got, want)
	}
	var warned bool
	for _, w := range ok.Warnings {
		warned = warned || strings.Contains(w.Msg, "go.mod says go 1.21")
	}
	if !warned {
		t.Errorf("no warning about the raised go version: %v", ok.Warnings)
	}
	out, err := exec.Command(ok.Binary, "-test.v", "-test.count=1").CombinedOutput()
	if err != nil {
		t.Fatalf("instrumented tests fail: %v\n%s", err, out)
	}
	for _, name := range ok.Tests {
		if !strings.Contains(string(out), "--- PASS: "+name) && !strings.Contains(string(out), "--- SKIP: "+name) {
			t.Errorf("%s did not pass:\n%s", name, out)
		}
	}
	broken := pkgs["example.com/m/broken"]
	if broken == nil || broken.Err == nil || !strings.Contains(broken.Err.Error(), "example.com/m/broken") || broken.Binary != "" {
		t.Errorf("broken: %v", broken)
	}
	none := pkgs["example.com/m/notests"]
	if none == nil || none.Err != nil || len(none.Tests) != 0 || none.Binary != "" {
		t.Errorf("notests: %v", none)
	}
}

// TestPanicLine checks that a panic in instrumented code reports the
// user's original line.
func TestPanicLine(t *testing.T) {
	dir := copyTree(t, "testdata/mod")
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}, Run: "Panic"}, passthrough))
	ok := pkgs["example.com/m/ok"]
	if ok == nil || ok.Err != nil {
		t.Fatalf("ok: %v", ok)
	}
	if strings.Join(ok.Tests, " ") != "TestPanic" {
		t.Errorf("-run Panic lists %v", ok.Tests)
	}
	cmd := exec.Command(ok.Binary, "-test.run", "^TestPanic$")
	cmd.Env = append(os.Environ(), "DEADHUNT_TEST_PANIC=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("TestPanic did not panic:\n%s", out)
	}
	want := filepath.Join(dir, "ok", "pos_test.go") + ":" + strconv.Itoa(markLine(t, filepath.Join(dir, "ok", "pos_test.go"), "panic"))
	if !strings.Contains(string(out), want) {
		t.Errorf("stack does not name %s:\n%s", want, out)
	}
}

func markLine(t *testing.T, file, name string) int {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasSuffix(l, "// mark:"+name) {
			return i + 1
		}
	}
	t.Fatalf("no mark %s in %s", name, file)
	return 0
}
