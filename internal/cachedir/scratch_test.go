package cachedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Scratch makes a new directory in the cache each time; with the cache
// off, in the process's temporary build directory, which Done removes.
func TestScratch(t *testing.T) {
	root := t.TempDir()
	t.Setenv(Env, root)
	a, err := Scratch("traces-")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Scratch("traces-")
	if err != nil {
		t.Fatal(err)
	}
	if a == b || filepath.Dir(a) != root || !strings.HasPrefix(filepath.Base(a), "traces-") {
		t.Errorf("scratch directories %s and %s, want two new traces-* in %s", a, b, root)
	}
	t.Setenv(Env, "off")
	c, err := Scratch("traces-")
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(c, root) {
		t.Errorf("with the cache off, %s is in the cache %s", c, root)
	}
	Done()
	if _, err := os.Stat(c); !os.IsNotExist(err) {
		t.Errorf("after Done, %s: %v; want it removed", c, err)
	}
}
