package instrument

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"testing"
)

// TestSameBinaryAnyBuild checks that a package's test binary does not
// depend on which other packages were built with it: c imports a, whose
// own tests add sites when a is built too. A witness's fingerprint, the
// hash of the binary, must match when replay builds c alone.
func TestSameBinaryAnyBuild(t *testing.T) {
	dir := copyTree(t, "testdata/twopkg")
	cache := t.TempDir() // one runtime directory for both builds
	both := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./..."}, CacheDir: cache}, passthrough))
	alone := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./c"}, CacheDir: cache}, passthrough))
	a, c1, c2 := both["example.com/two/a"], both["example.com/two/c"], alone["example.com/two/c"]
	if a == nil || a.Binary == "" || c1 == nil || c1.Binary == "" || c2 == nil || c2.Binary == "" {
		t.Fatalf("binaries missing: built with a %v, alone %v", both, alone)
	}
	if dep := alone["example.com/two/a"]; dep == nil || !dep.Dependency {
		t.Fatalf("a is not an instrumented dependency of c alone: %v", alone)
	}
	if h1, h2 := fileHash(t, c1.Binary), fileHash(t, c2.Binary); h1 != h2 {
		t.Errorf("c's binary built with a's tests (%s) differs from c's built alone (%s)", h1, h2)
	}
	// a's test files, whose sites are apart, still build and run.
	if out, err := exec.Command(a.Binary, "-test.run", "TestBoth").CombinedOutput(); err != nil {
		t.Errorf("a's tests: %v\n%s", err, out)
	}
}

func fileHash(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
