package instrument

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	modmodule "golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
	"golang.org/x/tools/go/packages"
)

// fileProxy serves the module in dir as version v from a file:// proxy,
// with a fresh module cache, and returns the go.sum lines for it.
func fileProxy(t *testing.T, dir, path, v string) string {
	t.Helper()
	return fileProxyOf(t, proxyModule{dir, path, v})
}

// proxyModule is a module a file proxy serves: the tree in dir as version
// v of path.
type proxyModule struct{ dir, path, v string }

// fileProxyOf serves mods from a file:// proxy, with a fresh module cache,
// and returns their go.sum lines. A module without go.mod gets the one
// the go command synthesizes.
func fileProxyOf(t *testing.T, mods ...proxyModule) string {
	t.Helper()
	proxy := t.TempDir()
	var sums strings.Builder
	var paths []string
	for _, m := range mods {
		sums.WriteString(serveModule(t, proxy, m))
		paths = append(paths, m.path)
	}
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOFLAGS", "-modcacherw") // so that the test can remove the cache
	t.Setenv("GONOSUMDB", strings.Join(paths, ","))
	return sums.String()
}

// serveModule writes m's files into the file proxy and returns its go.sum
// lines.
func serveModule(t *testing.T, proxy string, m proxyModule) string {
	t.Helper()
	at := filepath.Join(proxy, m.path, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(m.dir, "go.mod"))
	if os.IsNotExist(err) {
		gomod = []byte("module " + m.path + "\n")
	} else if err != nil {
		t.Fatal(err)
	}
	zipName := filepath.Join(at, m.v+".zip")
	f, err := os.Create(zipName)
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromDir(f, modmodule.Version{Path: m.path, Version: m.v}, m.dir); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for name, data := range map[string]string{"list": m.v + "\n", m.v + ".info": `{"Version":"` + m.v + `"}`, m.v + ".mod": string(gomod)} {
		if err := os.WriteFile(filepath.Join(at, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	zipHash, err := dirhash.HashZip(zipName, dirhash.Hash1)
	if err != nil {
		t.Fatal(err)
	}
	modHash, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(string(gomod))), nil })
	if err != nil {
		t.Fatal(err)
	}
	return m.path + " " + m.v + " " + zipHash + "\n" + m.path + " " + m.v + "/go.mod " + modHash + "\n"
}

// TestOtherModuleInstrumented builds a package whose test reaches a
// package of another module through the module cache (issue #15: puddle's
// tests blocked in golang.org/x/sync/semaphore, uninstrumented, until
// their time bound). That package is rewritten into the overlay through a
// copy of its module (the go command refuses overlays in GOMODCACHE), its
// go 1.17 files raised to the runtime's language version, and the test
// binary builds and passes.
func TestOtherModuleInstrumented(t *testing.T) {
	src := copyTree(t, "testdata/extmod")
	sum := fileProxy(t, filepath.Join(src, "sem"), "example.com/sem", "v1.0.0")
	dir := filepath.Join(src, "main")
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte(sum), 0o644); err != nil {
		t.Fatal(err)
	}
	work, cache := t.TempDir(), t.TempDir()
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"."}, WorkDir: work, CacheDir: cache}, passthrough))
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
	data, err := os.ReadFile(filepath.Join(work, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	copies, _ := filepath.Glob(filepath.Join(cache, "mod-*", "sem.go"))
	if len(copies) != 1 || !strings.Contains(string(data), copies[0]) {
		t.Fatalf("the copy's sem.go (%q) is not in the overlay:\n%s", copies, data)
	}
	copyDir := filepath.Dir(copies[0])
	for name, want := range map[string]string{"sem.go": "//go:build go1.21\n", "release.go": "//go:build (!plan9) && go1.21\n"} {
		rewritten := overlayFile(t, data, filepath.Join(copyDir, name))
		if !strings.HasPrefix(rewritten, want) || !strings.Contains(rewritten, "__dhrt.") {
			t.Errorf("%s rewritten as:\n%s", name, rewritten)
		}
	}
	if out, err := runBinary(p.Binary, nil, "-test.count=1"); err != nil {
		t.Fatalf("instrumented tests fail: %v\n%s", err, out)
	}
	// A second build uses the same copy: a copy at a new path for each
	// build made the go command compile the module and its importers again.
	work2 := t.TempDir()
	buildWith(t, Options{Dir: dir, Patterns: []string{"."}, WorkDir: work2, CacheDir: cache}, passthrough)
	data2, err := os.ReadFile(filepath.Join(work2, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data2), copies[0]) {
		t.Errorf("the second build does not use the first one's copy %s:\n%s", copyDir, data2)
	}
}

// overlayFile is the content the overlay gives file name.
func overlayFile(t *testing.T, overlay []byte, name string) string {
	t.Helper()
	var o struct{ Replace map[string]string }
	if err := json.Unmarshal(overlay, &o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(o.Replace[name])
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(data)
}

// A frame in a module copy is named by the module cache's file; files
// elsewhere, and in a directory named like a copy that is none, are not.
func TestOriginalFile(t *testing.T) {
	root := t.TempDir()
	cp := filepath.Join(root, "mod-0123456789abcdef")
	if err := os.MkdirAll(filepath.Join(cp, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cp, copiedMark), []byte("/gomod/example.com/m@v1.2.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	notCopy := filepath.Join(root, "mod-fedcba9876543210")
	if err := os.MkdirAll(notCopy, 0o755); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		filepath.Join(cp, "sub", "f.go"): "/gomod/example.com/m@v1.2.0/sub/f.go",
		filepath.Join(cp, "g.go"):        "/gomod/example.com/m@v1.2.0/g.go",
		filepath.Join(notCopy, "h.go"):   filepath.Join(notCopy, "h.go"),
		"/home/u/proj/p.go":              "/home/u/proj/p.go",
		"go.etcd.io/raft/v3/node.go":     "go.etcd.io/raft/v3/node.go",
	} {
		if got := OriginalFile(file); got != want {
			t.Errorf("OriginalFile(%q) = %q, want %q", file, got, want)
		}
	}
}

// TestSyncsTimers: a package of another module is instrumented when it
// makes timers or contexts that end in time, as golang.org/x/net/context's
// WithTimeout wrapper does (grpc/2391's test context expired in real time
// while the clock was virtual); one that only formats durations is not.
func TestSyncsTimers(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, imp, src string
		want           bool
	}{
		{"ctxwrap", "context", "func WithTimeout(p context.Context, d time.Duration) (context.Context, context.CancelFunc) {\n\treturn context.WithTimeout(p, d)\n}\n", true},
		{"sleeper", "time", "func Wait() { time.Sleep(time.Second) }\n", true},
		{"format", "time", "func Show(d time.Duration) string { return d.String() }\n", false},
		{"noimport", "", "// time.Sleep(1) in a comment of a package that imports neither\nfunc F() {}\n", false},
	} {
		f := filepath.Join(dir, c.name+".go")
		if err := os.WriteFile(f, []byte("package p\n\n"+c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		p := &packages.Package{PkgPath: "example.com/" + c.name, GoFiles: []string{f}, Imports: map[string]*packages.Package{}}
		if c.imp != "" {
			p.Imports[c.imp] = &packages.Package{PkgPath: c.imp}
		}
		if got := syncs(p); got != c.want {
			t.Errorf("%s: syncs = %v, want %v", c.name, got, c.want)
		}
	}
}
