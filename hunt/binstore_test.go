package hunt

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// storeFiles lists the binaries the store in dir keeps (of the test's
// one package).
func storeFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "bin", "*", "*.test"))
	if err != nil {
		t.Fatal(err)
	}
	return names
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
	hunttest.WriteFiles(t, dir, map[string]string{
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
	first := storeFiles(t, cfg.Cache)
	if len(first) != 1 || o.staged(notBuilt) {
		t.Fatalf("first hunt: store %q, stages %q; want it built and stored", first, o.stages)
	}
	builds = 0
	hunt()
	if !o.staged(notBuilt) || builds != 0 {
		t.Errorf("unchanged: stages %q, %d build(s) started; want the package not built, no build started", o.stages, builds)
	}
	hunttest.WriteFiles(t, dir, map[string]string{"p/p.go": "// Package p moved down a line.\n" + lock})
	hunt()
	changed := storeFiles(t, cfg.Cache)
	if o.staged(notBuilt) || len(changed) != 1 || changed[0] == first[0] {
		t.Errorf("changed: stages %q, store %q (was %q); want it built again and the stored binary replaced", o.stages, changed, first)
	}
	for _, n := range changed {
		os.Remove(n)
	}
	hunt()
	if o.staged(notBuilt) || len(storeFiles(t, cfg.Cache)) != 1 {
		t.Errorf("store emptied: stages %q; want it built again and stored", o.stages)
	}
}
