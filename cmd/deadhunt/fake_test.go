package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	drivertest.Cleanup()
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
	pkg := driver.Package{ImportPath: fakePkg, Dir: req.root, Binary: drivertest.FakeBinary(b.t), Tests: b.tests}
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
