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
	"time"

	"github.com/deadhunt/deadhunt/trigger"
)

// passthrough returns the pass-through runtime of testdata, so that these
// tests check the instrumenter independently of the real runtime.
func passthrough() (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, name := range []string{"rt.go", "rand.go", "maporder.go"} {
		data, err := os.ReadFile(filepath.Join("testdata/passthrough", name))
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	return files, nil
}

// copyTree copies a directory tree into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
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
// runs its tests, the packages that do not compile or link get an error
// naming them, the package without tests is reported as such, and the
// user's files are unchanged.
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
	if got, want := strings.Join(ok.Tests, " "), "TestCounter TestExternal TestFirst TestLib TestLines TestLoopVar TestMaps TestPanic TestPipeline"; got != want {
		t.Errorf("tests = %s, want %s", got, want)
	}
	var warned bool
	for _, w := range ok.Warnings {
		warned = warned || strings.Contains(w.Msg, "go.mod says go 1.20")
	}
	if !warned {
		t.Errorf("no warning about the raised go version: %v", ok.Warnings)
	}
	out, err := runBinary(ok.Binary, nil, "-test.v", "-test.count=1")
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
	link := pkgs["example.com/m/linkfail"]
	if link == nil || link.Err == nil || !strings.Contains(link.Err.Error(), "example.com/m/linkfail: build failed") || link.Binary != "" {
		t.Errorf("linkfail: %v", link)
	}
	lib := pkgs["example.com/m/lib"]
	if lib == nil || lib.Err != nil || lib.Dependency || len(lib.Tests) != 0 || lib.Binary != "" {
		t.Errorf("lib: %v", lib)
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
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}, Run: "Panic/sub"}, passthrough))
	ok := pkgs["example.com/m/ok"]
	if ok == nil || ok.Err != nil {
		t.Fatalf("ok: %v", ok)
	}
	if strings.Join(ok.Tests, " ") != "TestPanic" {
		t.Errorf("-run Panic/sub lists %v", ok.Tests)
	}
	out, err := runBinary(ok.Binary, []string{"DEADHUNT_TEST_PANIC=1"}, "-test.run", "^TestPanic$")
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

// TestDependencyInstrumented checks that a package of the tested module
// that is only imported is rewritten into the overlay.
func TestDependencyInstrumented(t *testing.T) {
	dir := copyTree(t, "testdata/mod")
	work := t.TempDir()
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}, WorkDir: work}, passthrough))
	if lib := pkgs["example.com/m/lib"]; lib == nil || !lib.Dependency {
		t.Fatalf("lib not reported as an instrumented dependency: %v", pkgs)
	}
	if _, ok := pkgs["example.com/m/notests"]; ok {
		t.Error("a package neither tested nor imported was loaded")
	}
	data, err := os.ReadFile(filepath.Join(work, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), filepath.Join(dir, "lib", "lib.go")) {
		t.Errorf("lib.go not in the overlay:\n%s", data)
	}
	if strings.Contains(string(data), "tagged.go") {
		t.Errorf("a file excluded by build tags is in the overlay:\n%s", data)
	}
}

// TestVendoredModule checks the builds of a vendored module: with
// -mod=mod it builds; in vendor mode (the default at go 1.14 and later,
// or -mod=vendor in the flags or GOFLAGS) the error names the cause and
// the way out, since the vendor directory, which the go command reads
// without overlays, cannot hold the runtime; before go 1.14 vendor/ is
// not used by default and the module builds.
func TestVendoredModule(t *testing.T) {
	dir := copyTree(t, "testdata/mod")
	if err := os.MkdirAll(filepath.Join(dir, "vendor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "vendor", "modules.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}, GoFlags: []string{"-mod=mod"}}, passthrough))
	if p := pkgs["example.com/m/ok"]; p == nil || p.Err != nil {
		t.Errorf("with -mod=mod: %v", p)
	}
	for _, c := range []struct {
		name, goflags string
		flags         []string
		cause         string
	}{
		{"default", "", nil, "builds it from vendor/"},
		{"flag", "", []string{"-mod=vendor"}, ": -mod=vendor is not supported"},
		{"GOFLAGS", "-mod=vendor", nil, ": GOFLAGS=-mod=vendor is not supported"},
	} {
		t.Setenv("GOFLAGS", c.goflags)
		pkgs = byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}, GoFlags: c.flags}, passthrough))
		p := pkgs["example.com/m/ok"]
		if p == nil || p.Err == nil || !strings.Contains(p.Err.Error(), c.cause) || !strings.Contains(p.Err.Error(), "GOFLAGS=-mod=mod") {
			t.Errorf("%s: vendor mode: %v", c.name, p)
		}
	}
	t.Setenv("GOFLAGS", "")
	old := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":             "module example.com/old\n\ngo 1.13\n",
		"vendor/modules.txt": "",
		"old.go":             "package old\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nfunc F() { mu.Lock(); mu.Unlock() }\n",
		"old_test.go":        "package old\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(old, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(old, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs = byPath(buildWith(t, Options{Dir: old, Patterns: []string{"."}}, passthrough))
	if p := pkgs["example.com/old"]; p == nil || p.Err != nil || p.Binary == "" {
		t.Errorf("go 1.13, vendor/ unused: %v", p)
	}
}

// TestRealRuntimeOldGo builds the testdata module, whose go.mod says go
// 1.20, with the real runtime: the runtime must build at the raised
// language version, and the tests pass without DEADHUNT_CONFIG.
func TestRealRuntimeOldGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the real runtime")
	}
	dir := copyTree(t, "testdata/mod")
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}}, trigger.RuntimeFiles))
	ok := pkgs["example.com/m/ok"]
	if ok == nil || ok.Err != nil {
		t.Fatalf("ok: %v", ok)
	}
	if out, err := runBinary(ok.Binary, nil, "-test.count=1"); err != nil {
		t.Fatalf("instrumented tests fail with the real runtime: %v\n%s", err, out)
	}
}

func withoutConfig(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "DEADHUNT_CONFIG=") {
			out = append(out, e)
		}
	}
	return out
}

// TestCgo checks that a cgo file is left alone with a warning while the
// package's other files are instrumented and the package builds.
func TestCgo(t *testing.T) {
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is not enabled")
	}
	dir := copyTree(t, "testdata/cgomod")
	work := t.TempDir()
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"."}, WorkDir: work}, passthrough))
	p := pkgs["example.com/cgomod"]
	if p == nil || p.Err != nil {
		t.Fatalf("cgomod: %v", p)
	}
	if len(p.Warnings) != 1 || p.Warnings[0].Pos != filepath.Join(dir, "c.go")+":1:1" || !strings.Contains(p.Warnings[0].Msg, "cgo") {
		t.Errorf("warnings = %v, want one about c.go", p.Warnings)
	}
	data, err := os.ReadFile(filepath.Join(work, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), filepath.Join(dir, "plain.go")) || strings.Contains(string(data), filepath.Join(dir, "c.go")) {
		t.Errorf("overlay should replace plain.go and not c.go:\n%s", data)
	}
	if out, err := runBinary(p.Binary, nil, "-test.count=1"); err != nil {
		t.Errorf("instrumented cgo package fails: %v\n%s", err, out)
	}
}

// TestWorkspace checks that a go.work is ignored with a warning and the
// module still builds from its own go.mod.
func TestWorkspace(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "m")
	if err := os.Rename(copyTree(t, "testdata/mod"), dir); err != nil {
		t.Fatal(err)
	}
	work := "go 1.22\n\nuse ./m\n"
	if err := os.WriteFile(filepath.Join(top, "go.work"), []byte(work), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOWORK", "")
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./ok"}}, passthrough))
	p := pkgs["example.com/m/ok"]
	if p == nil || p.Err != nil {
		t.Fatalf("ok: %v", p)
	}
	var warned bool
	for _, w := range p.Warnings {
		warned = warned || strings.Contains(w.Msg, "go.work")
	}
	if !warned {
		t.Errorf("no warning about the workspace: %v", p.Warnings)
	}
}

// runBinary runs a test binary for at most a minute, without
// DEADHUNT_CONFIG (the runtime then passes operations through), with env
// added.
func runBinary(bin string, env []string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(withoutConfig(os.Environ()), env...)
	return cmd.CombinedOutput()
}

// TestReplacedModule checks that a module replaced by a local directory
// is instrumented as a dependency.
func TestReplacedModule(t *testing.T) {
	dir := copyTree(t, "testdata/multimod")
	work := t.TempDir()
	pkgs := byPath(buildWith(t, Options{Dir: filepath.Join(dir, "main"), Patterns: []string{"."}, WorkDir: work}, passthrough))
	if p := pkgs["example.com/main"]; p == nil || p.Err != nil || p.Binary == "" {
		t.Fatalf("main: %v", p)
	}
	if d := pkgs["example.com/dep"]; d == nil || !d.Dependency || d.Err != nil {
		t.Errorf("dep not instrumented as a dependency: %v", d)
	}
	data, err := os.ReadFile(filepath.Join(work, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), filepath.Join(dir, "dep", "dep.go")) {
		t.Errorf("dep.go not in the overlay:\n%s", data)
	}
}
