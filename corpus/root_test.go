package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRoot checks that Root finds this package's own directory, which is
// where go test runs its tests.
func TestRoot(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if same, err := sameFile(root, wd); err != nil || !same {
		t.Errorf("Root() = %s, want %s (%v)", root, wd, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(root), "go.mod")); err != nil {
		t.Errorf("the corpus's parent is not the module root: %v", err)
	}
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
