// Package hunttest holds the fakes the tests of hunt and cmd/deadhunt run
// the pipeline with: a builder whose one package's test binary is the
// driver's fake (trigger/driver/drivertest), a static analyzer that
// reports given findings, and modules to run in: an empty one, or one
// holding corpus cases.
package hunttest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
)

// Package is the import path of the fake package.
const Package = "example.com/fake"

// Builder "builds" the fake package, whose test binary is the fake: its
// tests are scenarios (trigger/driver/testdata/fake). Build has the
// signature of hunt.Builder.
type Builder struct {
	T     testing.TB
	Tests []string // the fake package's tests
	// Errors are packages that did not build; Untested, packages examined
	// that have no tests; Warnings, what the instrumenter left alone.
	Errors   []report.PackageError
	Untested []string
	Warnings []string
	// Fingerprint is the fake binary's, as the hunt cache keys it; ""
	// (no fingerprint) keeps it out of the cache.
	Fingerprint string

	mu    sync.Mutex
	calls int
}

// Build returns the fake package, built in no time.
func (b *Builder) Build(_ context.Context, opts driver.BuildOptions) (*driver.Built, error) {
	b.mu.Lock()
	b.calls++
	b.mu.Unlock()
	pkg := driver.Package{ImportPath: Package, Dir: opts.Dir, Binary: drivertest.FakeBinary(b.T), Tests: b.Tests,
		Fingerprint: b.Fingerprint}
	paths := append([]string{Package}, b.Untested...)
	for _, e := range b.Errors {
		paths = append(paths, e.Package)
	}
	return &driver.Built{Packages: []driver.Package{pkg}, Paths: paths, Errors: b.Errors, Warnings: b.Warnings}, nil
}

// Calls counts the builds made.
func (b *Builder) Calls() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.calls
}

// Static is a static analyzer (hunt.StaticFunc) that reports fs.
func Static(fs ...report.Finding) func(context.Context, string, ...string) (*report.Report, error) {
	return func(context.Context, string, ...string) (*report.Report, error) {
		return &report.Report{Version: report.Version, Tool: "lockcycle", Findings: fs}, nil
	}
}

// Cycle is a predicted-static AB-BA finding of the fake package between
// the fields a and b of its type T, as the static analyzer reports it.
func Cycle(a, b string) report.Finding {
	classes := []string{"(*fake.T)." + a, "(*fake.T)." + b}
	return report.Finding{ID: report.ComputeID(report.LockOrderCycle, Package, classes), Kind: report.LockOrderCycle,
		Status: report.PredictedStatic, Package: Package, Message: "lock order cycle", Evidence: []report.Evidence{report.Static},
		Locks: []report.Lock{{Class: classes[0], Sites: []report.Site{{File: "/fake/s.go", Line: 3, Col: 2}}}, {Class: classes[1], Sites: []report.Site{{File: "/fake/s.go", Line: 4, Col: 2}}}}}
}

// Module makes a temporary module directory.
func Module(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// WriteFiles writes files (slash-separated name: content) under dir.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// CorpusModule copies corpus cases ("deadlock/abba") into a fresh module
// example.com/e2e, one package per case named after its last element, as
// a user's code would be: deadhunt must not depend on running inside its
// own module. It skips the test when go is not on PATH (the pipeline
// builds instrumented test binaries).
func CorpusModule(t testing.TB, cases ...string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the end-to-end test builds instrumented test binaries")
	}
	root := corpus.MustRoot()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "go.mod"), []byte("module example.com/e2e\n\ngo 1.26\n"))
	for _, c := range cases {
		files, err := filepath.Glob(filepath.Join(root, c, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("corpus case %s: %v", c, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(filepath.Join(dir, filepath.Base(c), filepath.Base(f)), data)
		}
	}
	return dir
}
