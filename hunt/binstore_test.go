package hunt

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// storeFiles lists the binaries the store keeps for the package at path
// in dir.
func storeFiles(t *testing.T, ch *cache, dir, path string) []string {
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
	ch := &cache{dir: t.TempDir()}
	src := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pkg := driver.Package{ImportPath: "example.com/p", Dir: "/m/p", Binary: write("one", "one"), Fingerprint: "aaaaaaaaaaaaaaaa"}
	if err := ch.storeBinary(&pkg, "k1"); err != nil {
		t.Fatal(err)
	}
	run := t.TempDir()
	taken := pkg
	taken.Binary, taken.Fingerprint = "", ""
	if !ch.takeBinary(&taken, "k1", run) || taken.Fingerprint != "aaaaaaaaaaaaaaaa" || taken.Binary == pkg.Binary {
		t.Fatalf("taken %+v; want the stored binary placed in the run's directory, fingerprint aaaaaaaaaaaaaaaa", taken)
	}
	pkg.Binary, pkg.Fingerprint = write("two", "two"), "bbbbbbbbbbbbbbbb"
	if err := ch.storeBinary(&pkg, "k2"); err != nil {
		t.Fatal(err)
	}
	if names := storeFiles(t, ch, "/m/p", "example.com/p"); len(names) != 1 || filepath.Base(names[0]) != "k2-bbbbbbbbbbbbbbbb.test" {
		t.Errorf("store holds %q; want k2's binary only", names)
	}
	if data, err := os.ReadFile(taken.Binary); err != nil || string(data) != "one" {
		t.Errorf("the binary taken before reads %q, %v; want one", data, err)
	}
	other := driver.Package{ImportPath: "example.com/p", Dir: "/m/p"}
	if ch.takeBinary(&other, "k1", run) || ch.has("/m/p", "example.com/p", "k1") || !ch.has("/m/p", "example.com/p", "k2") {
		t.Errorf("k1's binary still taken after k2's was stored")
	}
	if ch.has("/elsewhere/p", "example.com/p", "k2") {
		t.Errorf("a copy of the module elsewhere takes the binary built here (its positions name these files)")
	}
}

// With the real instrumenter: a fresh hunt (-count=1) of unchanged code
// builds nothing, does not even start a build beside go list (the last
// hunt left every package known), and runs every test again with the
// stored binary; a change builds again and replaces it; a store emptied
// meanwhile builds again.
func TestBinaryStoreFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: four real hunts")
	}
	dir := hunttest.Module(t)
	lock := "package p\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nfunc Inc(n *int) {\n\tmu.Lock()\n\t*n++\n\tmu.Unlock()\n}\n"
	writeFiles(t, dir, map[string]string{
		"p/p.go":      lock,
		"p/p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestInc(t *testing.T) {\n\tn := 0\n\tInc(&n)\n}\n",
	})
	cfg := realConfig(dir)
	cfg.Cache, cfg.Fresh = t.TempDir(), true
	o := &observed{}
	cfg.Observer = o
	builds := 0 // calls of the builder, a build cancelled included
	cfg.Build = func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error) {
		builds++
		return driver.Build(ctx, opts)
	}
	ch := &cache{dir: cfg.Cache}
	pdir := filepath.Join(dir, "p")
	hunt := func() *Result {
		t.Helper()
		o.stages = nil
		res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Cached) != 0 || len(res.Summary.Tests) != 1 || res.Summary.Tests[0].Runs < 2 {
			t.Errorf("cached %v, tests %+v; want TestInc hunted again", res.Cached, res.Summary.Tests)
		}
		return res
	}
	const notBuilt = "1 package(s) unchanged since an earlier build: not built"
	hunt()
	first := storeFiles(t, ch, pdir, "example.com/p")
	if len(first) != 1 || o.staged(notBuilt) {
		t.Fatalf("first hunt: store %q, stages %q; want it built and stored", first, o.stages)
	}
	builds = 0
	hunt()
	if !o.staged(notBuilt) || builds != 0 {
		t.Errorf("unchanged: stages %q, %d build(s) started; want the package not built, no build started", o.stages, builds)
	}
	writeFiles(t, dir, map[string]string{"p/p.go": "// Package p moved down a line.\n" + lock})
	hunt()
	changed := storeFiles(t, ch, pdir, "example.com/p")
	if o.staged(notBuilt) || len(changed) != 1 || changed[0] == first[0] {
		t.Errorf("changed: stages %q, store %q (was %q); want it built again and the stored binary replaced", o.stages, changed, first)
	}
	for _, n := range changed {
		os.Remove(n)
	}
	hunt()
	if o.staged(notBuilt) || len(storeFiles(t, ch, pdir, "example.com/p")) != 1 {
		t.Errorf("store emptied: stages %q; want it built again and stored", o.stages)
	}
}
