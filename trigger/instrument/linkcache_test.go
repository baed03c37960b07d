package instrument

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLinkReusedNeverStale builds the testdata module three times with
// one cache directory: the second build, of unchanged code in another
// work directory, gives the very file the first placed (the go command
// found the cache's binary up to date and did not link again), which
// runs; the third, after the package stopped linking, gives no binary,
// not the cache's older one.
func TestLinkReusedNeverStale(t *testing.T) {
	dir := copyTree(t, "testdata/mod")
	cache := t.TempDir()
	build := func() *Package {
		t.Helper()
		return byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./..."}, CacheDir: cache}, passthrough))["example.com/m/ok"]
	}
	first := build()
	if first == nil || first.Err != nil || first.Binary == "" {
		t.Fatalf("first build: %v", first)
	}
	second := build()
	if second == nil || second.Err != nil || second.Binary == "" || second.Binary == first.Binary {
		t.Fatalf("second build: %v (first %s)", second, first.Binary)
	}
	a, errA := os.Stat(first.Binary)
	b, errB := os.Stat(second.Binary)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if !linked(t, cache, a) {
		t.Fatal("the placed binary is not the cache's (the work and cache directories share a file system here)")
	}
	if !os.SameFile(a, b) {
		t.Error("the second build's binary is a new file: linked again")
	}
	if out, err := runBinary(second.Binary, nil, "-test.run", "TestCounter", "-test.count=1"); err != nil {
		t.Fatalf("second binary: %v\n%s", err, out)
	}
	// ok still type-checks, but no longer links: the batch of the
	// module's packages fails after writing the other binaries, and the
	// cache's ok.test is the second build's
	unlinkable := "package ok\n\nimport _ \"unsafe\"\n\n//go:linkname missingOK runtime.deadhuntMissingOK\nfunc missingOK()\n\nfunc init() { missingOK() }\n"
	if err := os.WriteFile(filepath.Join(dir, "ok", "zz_unlinkable.go"), []byte(unlinkable), 0o644); err != nil {
		t.Fatal(err)
	}
	third := build()
	if third == nil || third.Err == nil || third.Binary != "" {
		t.Errorf("build of a package that no longer links: %v, want an error and no binary", third)
	}
}

// linked reports whether the placed binary fi is a hard link to a
// binary of the cache directory.
func linked(t *testing.T, cache string, fi os.FileInfo) bool {
	t.Helper()
	cached, err := filepath.Glob(filepath.Join(cache, "bin-*", "*.test"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cached {
		if ci, err := os.Stat(c); err == nil && os.SameFile(ci, fi) {
			return true
		}
	}
	return false
}
