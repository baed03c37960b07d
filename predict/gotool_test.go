//go:build gotool

package predict

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Left out of go test ./... (-tags gotool, task test): go tool pprof
// builds pprof from source the first time, a minute of two cores with a
// cold cache. TestWriteProfile reads the profile with pprof's own parser.

// TestGoToolPprof runs the real `go tool pprof -top` on a written profile.
func TestGoToolPprof(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on PATH")
	}
	file := filepath.Join(t.TempDir(), "lockorder.pb.gz")
	var buf bytes.Buffer
	if err := predictFile(t, "abba").Graph.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gobin, "tool", "pprof", "-top", file)
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir(), "PPROF_BINARY_PATH=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	for _, fn := range []string{"main.first", "main.second", "main.TestABBA.func1"} {
		if !strings.Contains(string(out), fn) {
			t.Errorf("pprof -top output lacks %s:\n%s", fn, out)
		}
	}
}
