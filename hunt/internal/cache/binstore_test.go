package cache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// storeFiles lists the binaries the store keeps for the package at path
// in dir.
func storeFiles(t *testing.T, ch *Cache, dir, path string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(ch.binSlot(dir, path), "*.test"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// The store keeps one binary per package, the last one's; a binary taken
// from it is the hunt's own, which a later store does not change.
func TestBinaryStore(t *testing.T) {
	ch := &Cache{dir: t.TempDir()}
	src := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pkg := driver.Package{ImportPath: "example.com/p", Dir: "/m/p", Binary: write("one", "one"), Fingerprint: "aaaaaaaaaaaaaaaa"}
	if err := ch.StoreBinary(&pkg, "k1"); err != nil {
		t.Fatal(err)
	}
	run := t.TempDir()
	taken := pkg
	taken.Binary, taken.Fingerprint = "", ""
	if !ch.TakeBinary(&taken, "k1", run) || taken.Fingerprint != "aaaaaaaaaaaaaaaa" || taken.Binary == pkg.Binary {
		t.Fatalf("taken %+v; want the stored binary placed in the run's directory, fingerprint aaaaaaaaaaaaaaaa", taken)
	}
	pkg.Binary, pkg.Fingerprint = write("two", "two"), "bbbbbbbbbbbbbbbb"
	if err := ch.StoreBinary(&pkg, "k2"); err != nil {
		t.Fatal(err)
	}
	if names := storeFiles(t, ch, "/m/p", "example.com/p"); len(names) != 1 || filepath.Base(names[0]) != "k2-bbbbbbbbbbbbbbbb.test" {
		t.Errorf("store holds %q; want k2's binary only", names)
	}
	if data, err := os.ReadFile(taken.Binary); err != nil || string(data) != "one" {
		t.Errorf("the binary taken before reads %q, %v; want one", data, err)
	}
	other := driver.Package{ImportPath: "example.com/p", Dir: "/m/p"}
	if ch.TakeBinary(&other, "k1", run) || ch.Has("/m/p", "example.com/p", "k1") || !ch.Has("/m/p", "example.com/p", "k2") {
		t.Errorf("k1's binary still taken after k2's was stored")
	}
	if ch.Has("/elsewhere/p", "example.com/p", "k2") {
		t.Errorf("a copy of the module elsewhere takes the binary built here (its positions name these files)")
	}
}
