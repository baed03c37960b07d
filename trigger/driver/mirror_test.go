package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// write creates the file root/rel with text, and its directories.
func write(t *testing.T, root, rel, text string) {
	t.Helper()
	path := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A mirror copies the package directory's files and data directories,
// links its subpackages and what go ignores, and keeps ../ paths
// leading where they did; a pool reuses a mirror only if a run left it
// as it was made.
func TestMirror(t *testing.T) {
	mod := filepath.Join(t.TempDir(), "m")
	write(t, mod, "go.mod", "module m\n")
	write(t, mod, "shared/in.txt", "beside")
	write(t, mod, "pkg/x.go", "package pkg")
	write(t, mod, "pkg/data.db", "old")
	write(t, mod, "pkg/testdata/a/in.txt", "own")
	write(t, mod, "pkg/sub/y.go", "package sub")
	write(t, mod, "pkg/.git/HEAD", "ref")
	src := filepath.Join(mod, "pkg")
	pool := &dirPool{root: filepath.Join(t.TempDir(), "dirs")}
	defer pool.close()
	m, err := pool.take(src)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(m.dir) != "pkg" || filepath.Base(filepath.Dir(m.dir)) != "m" {
		t.Errorf("working directory %s, want it to end in m/pkg", m.dir)
	}
	for rel, want := range map[string]os.FileMode{"data.db": 0, "testdata": os.ModeDir, "testdata/a/in.txt": 0,
		"sub": os.ModeSymlink, ".git": os.ModeSymlink, "../shared": os.ModeSymlink, "../go.mod": os.ModeSymlink} {
		info, err := os.Lstat(filepath.Join(m.dir, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
		} else if got := info.Mode().Type(); got != want {
			t.Errorf("%s: type %v, want %v", rel, got, want)
		}
	}
	if data, err := os.ReadFile(filepath.Join(m.dir, "../shared/in.txt")); string(data) != "beside" {
		t.Errorf("../shared/in.txt: %q, %v", data, err)
	}
	// A run rewrites and removes its files, makes one and removes it: the
	// package's stay as they were, and the mirror is reused.
	write(t, m.dir, "data.db", "new")
	write(t, m.dir, "testdata/a/in.txt", "new")
	os.Remove(filepath.Join(m.dir, "data.db"))
	if data, _ := os.ReadFile(filepath.Join(src, "data.db")); string(data) != "old" {
		t.Errorf("the package's data.db is %q after a run wrote its copy", data)
	}
	if data, _ := os.ReadFile(filepath.Join(src, "testdata/a/in.txt")); string(data) != "own" {
		t.Errorf("the package's testdata/a/in.txt is %q after a run wrote its copy", data)
	}
	pool.put(m) // changed: removed
	if _, err := os.Stat(m.root); !os.IsNotExist(err) {
		t.Errorf("a mirror a run changed was kept (%v)", err)
	}
	m2, err := pool.take(src)
	if err != nil {
		t.Fatal(err)
	}
	write(t, m2.dir, "tmp.db", "x")
	os.Remove(filepath.Join(m2.dir, "tmp.db"))
	pool.put(m2) // as made: kept
	if m3, _ := pool.take(src); m3 != m2 {
		t.Errorf("a mirror left as made was not reused")
	}
}

// A data directory of more than treeLimit entries is linked, not copied.
func TestMirrorLinksLargeTrees(t *testing.T) {
	mod := filepath.Join(t.TempDir(), "m")
	write(t, mod, "go.mod", "module m\n")
	for i := range treeLimit {
		write(t, mod, filepath.Join("big", fmt.Sprint(i)), "x")
	}
	write(t, mod, "small/a", "x")
	m, err := makeMirror(t.TempDir(), mod)
	if err != nil {
		t.Fatal(err)
	}
	defer m.remove()
	for rel, want := range map[string]os.FileMode{"big": os.ModeSymlink, "small": os.ModeDir} {
		if info, err := os.Lstat(filepath.Join(m.dir, rel)); err != nil || info.Mode().Type() != want {
			t.Errorf("%s: %v, %v; want type %v", rel, info, err, want)
		}
	}
}
