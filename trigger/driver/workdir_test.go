package driver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the directory src to dst (regular files and directories).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// sharedirPackage builds testdata/sharedir/pkg, copied to a temporary
// module: its tests each create, hold and delete ./data.db (or $SHARED)
// and read ../shared.
func sharedirPackage(t *testing.T) Package {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH: the test binary is built with it")
	}
	mod := filepath.Join(t.TempDir(), "sharedir")
	copyTree(t, filepath.Join("testdata", "sharedir"), mod)
	bin := filepath.Join(t.TempDir(), "pkg.test")
	build := exec.Command("go", "test", "-c", "-o", bin, "./pkg")
	build.Dir, build.Env = mod, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	return Package{ImportPath: "example.com/sharedir/pkg", Dir: filepath.Join(mod, "pkg"), Binary: bin, Tests: []string{"TestA", "TestB", "TestC", "TestD"}}
}

// Runs of one package at once never share its directory (issue #32):
// hunted four processes at a time, every run passes, as under go test,
// and the package directory is left as it was.
func TestRunsOfAPackageDoNotShareItsDirectory(t *testing.T) {
	pkg := sharedirPackage(t)
	before, err := signature(pkg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	sum, err := Hunt(context.Background(), []Package{pkg}, Options{Runs: 3, Parallel: 4, Strategy: "random", WorkDir: work})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Tests) != 4 || len(sum.Errors) != 0 {
		t.Fatalf("%d tests hunted, errors %v; want 4, none", len(sum.Tests), sum.Errors)
	}
	for _, st := range sum.Tests {
		if st.Failure != nil || st.Alone != nil || st.FirstBad != nil || st.Outcomes[Pass] != st.Runs || st.Runs < 2 {
			t.Errorf("%s: want every run (at least plain and calibration) to pass", st.String())
			if st.Failure != nil {
				t.Logf("plain run:\n%s", st.Failure.Tail)
			}
		}
	}
	after, err := signature(pkg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("the package directory changed: %d entries, had %d", len(after), len(before))
	}
	if left, _ := os.ReadDir(filepath.Join(work, "dirs")); len(left) > 0 {
		t.Errorf("%d working directories left after the hunt", len(left))
	}
}

// A test whose plain run fails beside other processes, here over a file
// outside the package ($SHARED), is run again alone before it is blamed:
// it passes alone, so it is hunted, its later runs alone, and its line
// says so; no test is reported as failing.
func TestFailingOnlyBesideOthersIsRunAlone(t *testing.T) {
	pkg := sharedirPackage(t)
	shared := "SHARED=" + filepath.Join(t.TempDir(), "data.db")
	sum, err := Hunt(context.Background(), []Package{pkg}, Options{Runs: 2, Parallel: 4, Strategy: "random", Env: []string{shared}})
	if err != nil {
		t.Fatal(err)
	}
	alone := 0
	for _, st := range sum.Tests {
		if st.Failure != nil {
			t.Errorf("%s: blamed on the test, which passes alone:\n%s", st.String(), st.Failure.Tail)
		}
		if st.Alone == nil {
			continue
		}
		alone++
		// The run beside others failed; every one after it, alone, passed.
		if st.Outcomes[Fail] != 1 || st.Outcomes[Pass] != st.Runs-1 || !strings.Contains(st.String(), "runs made alone") {
			t.Errorf("%s: want one failure beside others, then passes alone, said on its line", st.String())
		}
	}
	if alone == 0 {
		t.Errorf("no plain run failed beside another: the four start at once and each holds $SHARED 300ms")
	}
}
