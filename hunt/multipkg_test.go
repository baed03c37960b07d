package hunt

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMultiPackageReplay confirms testdata/twopkg, whose package c
// imports a, a tested package, with the real instrumenter: each witness
// replays from its own package's build, though the hunt built both
// together (c's binary must not depend on a's tests being built too).
func TestMultiPackageReplay(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: the test builds instrumented test binaries")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "twopkg"))); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Dir: dir, Runs: 20}
	res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saved) == 0 {
		t.Fatalf("no report saved: %s", res.Unsaved)
	}
	fs, err := Witnesses(dir, res.Saved[0], "")
	if err != nil || len(fs) != 2 {
		t.Fatalf("witnesses %v, %v; want a's and c's", fs, err)
	}
	r, err := NewReplayer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := range fs {
		rr, err := r.Replay(t.Context(), &fs[i])
		if err != nil || !rr.Reproduced {
			t.Errorf("%s of %s: replay %v, %v", fs[i].ID, fs[i].Witness.Package, rr, err)
		}
	}
}
