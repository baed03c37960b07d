// Package drivertest builds the driver's fake test binary
// (trigger/driver/testdata/fake) for the tests of the driver and, through
// hunt/hunttest, of hunt and cmd/deadhunt. The fake reads DEADHUNT_CONFIG as the runtime
// does and behaves according to the test it is asked to run: the test
// name is its scenario.
package drivertest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var fake struct {
	once sync.Once
	path string
	err  error
}

var errNoGo = errors.New("go not on PATH: the fake test binary is built with it")

// FakeBinary builds the fake once per test process and returns its path.
// It skips t when go is not on PATH.
func FakeBinary(t testing.TB) string {
	t.Helper()
	fake.once.Do(build)
	if errors.Is(fake.err, errNoGo) {
		t.Skip(fake.err)
	}
	if fake.err != nil {
		t.Fatal(fake.err)
	}
	return fake.path
}

func build() {
	if _, err := exec.LookPath("go"); err != nil {
		fake.err = fmt.Errorf("%w: %v", errNoGo, err)
		return
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		fake.err = errors.New("drivertest: cannot locate the fake's source")
		return
	}
	dir, err := os.MkdirTemp("", "deadhunt-fake-")
	if err != nil {
		fake.err = err
		return
	}
	fake.path = filepath.Join(dir, "fake.test")
	cmd := exec.Command("go", "build", "-o", fake.path, ".")
	cmd.Dir = filepath.Join(filepath.Dir(file), "..", "testdata", "fake")
	if out, err := cmd.CombinedOutput(); err != nil {
		fake.err = fmt.Errorf("building the fake: %v\n%s", err, out)
	}
}

// Cleanup removes the fake binary, if it was built; call it from TestMain
// after m.Run.
func Cleanup() {
	if fake.path != "" {
		os.RemoveAll(filepath.Dir(fake.path))
	}
}
