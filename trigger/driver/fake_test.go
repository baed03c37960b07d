package driver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The fake test binary (testdata/fake), built once per test process.
var fake struct {
	once sync.Once
	path string
	err  error
}

func fakeBinary(t testing.TB) string {
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
		out, err := exec.Command("go", "build", "-o", fake.path, "./testdata/fake").CombinedOutput()
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

// fakePackage is a package whose binary is the fake and whose FAKE_DIR is
// returned as dir.
func fakePackage(t *testing.T, tests ...string) (pkg Package, env []string, dir string) {
	bin := fakeBinary(t)
	dir = t.TempDir()
	pkg = Package{ImportPath: "example.com/fake", Dir: dir, Binary: bin, Tests: tests}
	return pkg, []string{"FAKE_DIR=" + dir}, dir
}

// logLines reads one of the fake's logs.
func logLines(t *testing.T, dir, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}
