package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// The driver's fake test binary (trigger/driver/testdata/fake): the test
// name it is asked to run is its scenario.
var fake struct {
	once sync.Once
	path string
	err  error
}

func fakeBinary(t *testing.T) string {
	t.Helper()
	fake.once.Do(func() {
		if _, err := exec.LookPath("go"); err != nil {
			fake.err = fmt.Errorf("go not on PATH: %v", err)
			return
		}
		dir, err := os.MkdirTemp("", "deadhunt-fake-")
		if err != nil {
			fake.err = err
			return
		}
		fake.path = filepath.Join(dir, "fake.test")
		out, err := exec.Command("go", "build", "-o", fake.path, "../../trigger/driver/testdata/fake").CombinedOutput()
		if err != nil {
			fake.err = fmt.Errorf("building the fake: %v\n%s", err, out)
		}
	})
	if fake.err != nil {
		if strings.HasPrefix(fake.err.Error(), "go not on PATH") {
			t.Skip(fake.err)
		}
		t.Fatal(fake.err)
	}
	return fake.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fake.path != "" {
		os.RemoveAll(filepath.Dir(fake.path))
	}
	os.Exit(code)
}

// fakeBuilder "builds" one package whose binary is the fake.
type fakeBuilder struct {
	t     *testing.T
	tests []string
	errs  []report.PackageError
	calls int
}

const fakePkg = "example.com/fake"

func (b *fakeBuilder) build(_ context.Context, req buildRequest) (*buildResult, error) {
	b.calls++
	pkg := driver.Package{ImportPath: fakePkg, Dir: req.root, Binary: fakeBinary(b.t), Tests: b.tests}
	paths := []string{fakePkg}
	for _, e := range b.errs {
		paths = append(paths, e.Package)
	}
	return &buildResult{pkgs: []driver.Package{pkg}, paths: paths, errs: b.errs}, nil
}

// module makes a temporary module directory.
func module(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

type cliResult struct {
	code           int
	stdout, stderr string
}

func confirmCLI(t *testing.T, dir string, b builder, args ...string) cliResult {
	t.Helper()
	var out, errb strings.Builder
	c := &confirmer{stdout: &out, stderr: &errb, dir: dir, build: b}
	code := c.main(context.Background(), args)
	return cliResult{code, out.String(), errb.String()}
}

func replayCLI(t *testing.T, dir string, b builder, args ...string) cliResult {
	t.Helper()
	var out, errb strings.Builder
	r := &replayer{stdout: &out, stderr: &errb, dir: dir, build: b}
	code := r.main(context.Background(), args)
	return cliResult{code, out.String(), errb.String()}
}
