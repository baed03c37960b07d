package instrument

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// Without a CacheDir of its own a build uses deadhunt's cache directory,
// $DEADHUNT_CACHE; when that is off, a temporary directory, not the user
// cache directory.
func TestDefaultCacheDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cachedir.Env, dir)
	cacheDir := func() string {
		t.Helper()
		b, err := newBuilder(Options{Dir: t.TempDir(), WorkDir: t.TempDir()}, passthrough)
		if err != nil {
			t.Fatal(err)
		}
		return b.opts.CacheDir
	}
	if got := cacheDir(); got != dir {
		t.Errorf("cache directory %q; want %s", got, dir)
	}
	t.Setenv(cachedir.Env, "off")
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Cleanup(cachedir.Done)
	t.Setenv("HOME", dir)
	// Off keeps no hunt results; the build's state stays where it goes
	// unset, so that a replay in another process builds beside it.
	if got, want := cacheDir(), filepath.Join(dir, "deadhunt"); got != want {
		t.Errorf("off: cache directory %q; want %s, as unset", got, want)
	}
}

// A cache entry found again is marked used, for trimming's order.
func TestCacheEntryTouched(t *testing.T) {
	b := &builder{opts: Options{CacheDir: t.TempDir()}}
	fill := func(tmp string) error { return os.WriteFile(filepath.Join(tmp, "mark"), nil, 0o644) }
	dir, err := b.cacheEntry("rt-x", "mark", fill)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(dir, old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := b.cacheEntry("rt-x", "mark", fill); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.ModTime().After(old.Add(time.Hour)) {
		t.Errorf("entry found again still last used at %v (%v)", fi.ModTime(), err)
	}
}
