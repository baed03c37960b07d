package cachedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Scratch makes a new directory in the cache each time; with the cache
// off, in the build's directory, deadhunt under the user cache directory.
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
	user := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", user)
	t.Setenv("HOME", user)
	t.Setenv("LocalAppData", user)
	c, err := Scratch("traces-")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.UserCacheDir()
	if strings.HasPrefix(c, root) || filepath.Dir(c) != filepath.Join(want, "deadhunt") {
		t.Errorf("with the cache off, %s; want a traces-* in deadhunt under %s", c, want)
	}
	Done()
}
