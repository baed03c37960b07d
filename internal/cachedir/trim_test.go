package cachedir

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

// fakeCache lays out a cache at root: build entries (directories, one
// with its lock file), hunt files and a hunt's run directory, each of
// size bytes and used age ago, by name.
func fakeCache(t *testing.T, root string, now time.Time, size int, ages map[string]time.Duration) {
	t.Helper()
	for name, age := range ages {
		p := filepath.Join(root, filepath.FromSlash(name))
		file := p
		if filepath.Ext(name) == "" {
			file = filepath.Join(p, "data")
		}
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		when := now.Add(-age)
		for _, q := range []string{file, p} {
			if err := os.Chtimes(q, when, when); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// left lists what is left of names under root.
func left(t *testing.T, root string, names []string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(n))); err == nil {
			out = append(out, n)
		}
	}
	return out
}

var fakeAges = map[string]time.Duration{
	"rt-old":              10 * 24 * time.Hour,
	"bin-a":               3 * time.Hour,
	"bin-a.lock":          9 * 24 * time.Hour, // goes with bin-a, used 3 hours ago
	"mod-b":               2 * time.Hour,
	"hunt/ab/old.json":    6 * 24 * time.Hour,
	"hunt/cd/new.json":    1 * time.Hour,
	"hunt/bin/s1/k.test":  4 * time.Hour,
	"hunt/run-1":          8 * 24 * time.Hour,
	"hunt/ab/recent.json": 30 * time.Minute,
}

func names(m map[string]time.Duration) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Entries unused for longer than MaxAge go; the rest stay, a lock file
// with its directory.
func TestTrimAge(t *testing.T) {
	root, now := t.TempDir(), time.Now()
	fakeCache(t, root, now, 100, fakeAges)
	st, err := Trim(root, now, Limits{MaxAge: 5 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"bin-a", "bin-a.lock", "hunt/ab/recent.json", "hunt/bin/s1/k.test", "hunt/cd/new.json", "mod-b"}
	if got := left(t, root, names(fakeAges)); !slices.Equal(got, want) {
		t.Errorf("left %v; want %v", got, want)
	}
	if st.Removed != 3 || st.Freed != 300 || st.Entries != 5 || st.Size != 600 {
		t.Errorf("stats %+v; want 3 removed (300 bytes), 5 entries left (600 bytes: bin-a and its lock file)", st)
	}
	if _, err := os.Stat(filepath.Join(root, "hunt", "ab")); err != nil {
		t.Errorf("hunt/ab, which still holds an entry, was removed: %v", err)
	}
}

// Over the size cap, the least recently used entries go first, until the
// rest fit; the empty directories they leave in the hunt cache go too.
func TestTrimSize(t *testing.T) {
	root, now := t.TempDir(), time.Now()
	fakeCache(t, root, now, 100, fakeAges)
	if _, err := Trim(root, now, Limits{MaxAge: 30 * 24 * time.Hour, MaxSize: 350}); err != nil {
		t.Fatal(err)
	}
	want := []string{"hunt/ab/recent.json", "hunt/cd/new.json", "mod-b"}
	if got := left(t, root, names(fakeAges)); !slices.Equal(got, want) {
		t.Errorf("left %v; want the three most recently used, %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(root, "hunt", "bin")); !os.IsNotExist(err) {
		t.Errorf("hunt/bin, emptied, is still there: %v", err)
	}
	st, err := Usage(root)
	if err != nil || st.Entries != 3 || st.Size != 300 {
		t.Errorf("usage %+v, %v; want 3 entries of 300 bytes", st, err)
	}
}

// A file hard-linked from two entries counts once.
func TestUsageHardLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no inode numbers")
	}
	root := t.TempDir()
	fakeCache(t, root, time.Now(), 1000, map[string]time.Duration{"bin-a": 0})
	if err := os.MkdirAll(filepath.Join(root, "hunt", "bin", "s"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(root, "bin-a", "data"), filepath.Join(root, "hunt", "bin", "s", "k.test")); err != nil {
		t.Skip("no hard links here:", err)
	}
	if st, err := Usage(root); err != nil || st.Entries != 2 || st.Size != 1000 {
		t.Errorf("usage %+v, %v; want 2 entries of 1000 bytes in all", st, err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "2G": 2 << 30, "500M": 500 << 20, "1.5GiB": 3 << 29, "64kb": 64 << 10, "123": 123, "2GB": 2 << 30} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "G", "-1G", "2X", "lots"} {
		if got, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d; want an error", in, got)
		}
	}
	if got := FormatSize(3 << 29); got != "1.5G" {
		t.Errorf("FormatSize(1.5 GiB) = %q", got)
	}
}
