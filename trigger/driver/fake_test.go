package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	drivertest.Cleanup()
	os.Exit(code)
}

// fakePackage is a package whose binary is the fake and whose FAKE_DIR is
// returned as dir.
func fakePackage(t *testing.T, tests ...string) (pkg Package, env []string, dir string) {
	bin := drivertest.FakeBinary(t)
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
