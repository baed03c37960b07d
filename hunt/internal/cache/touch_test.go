package cache

import (
	"os"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// An entry read and a stored binary taken are marked used (their time
// moves to now), so that trimming the cache keeps what hunts use.
func TestUseTouches(t *testing.T) {
	ch := &Cache{dir: t.TempDir()}
	if err := ch.write("k1", map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir() + "/p.test"
	if err := os.WriteFile(bin, []byte("bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	pkg := driver.Package{ImportPath: "example.com/p", Dir: "/m/p", Binary: bin, Fingerprint: "aaaaaaaaaaaaaaaa"}
	if err := ch.StoreBinary(&pkg, "k2"); err != nil {
		t.Fatal(err)
	}
	stored, _ := ch.storedBinary("/m/p", "example.com/p", "k2")
	old := time.Now().Add(-48 * time.Hour)
	for _, name := range []string{ch.path("k1"), stored} {
		if err := os.Chtimes(name, old, old); err != nil {
			t.Fatal(err)
		}
	}
	var v map[string]int
	taken := driver.Package{ImportPath: "example.com/p", Dir: "/m/p"}
	if !ch.read("k1", &v) || !ch.TakeBinary(&taken, "k2", t.TempDir()) {
		t.Fatal("entry or binary not found")
	}
	for _, name := range []string{ch.path("k1"), stored} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.ModTime().After(old.Add(time.Hour)) {
			t.Errorf("%s still last used at %v after its use", name, fi.ModTime())
		}
	}
}
