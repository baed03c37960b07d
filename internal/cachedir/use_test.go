package cachedir

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// other holds root's lock shared as another deadhunt using the cache does
// (flock locks of two opens conflict even in one process); the returned
// function lets go.
func other(t *testing.T, root string) func() {
	t.Helper()
	if !canLock {
		t.Skip("no flock here")
	}
	f, err := os.OpenFile(filepath.Join(root, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := share(f); err != nil {
		t.Fatal(err)
	}
	return func() { f.Close() }
}

// A process starting to use the cache trims it when no one else uses it
// and the last trim is TrimInterval old; not while another process uses
// it, nor again within the interval.
func TestUseTrims(t *testing.T) {
	root, now := t.TempDir(), time.Now()
	t.Setenv(MaxEnv, "250")
	fakeCache(t, root, now, 100, fakeAges)
	all := names(fakeAges)

	release := other(t, root)
	f := use(root)
	f.Close()
	release()
	if got := left(t, root, all); !slices.Equal(got, all) {
		t.Errorf("trimmed while another process used the cache: left %v", got)
	}
	if _, ok := LastTrim(root); ok {
		t.Errorf("a trim was noted though none ran")
	}

	use(root).Close()
	want := []string{"hunt/ab/recent.json", "hunt/cd/new.json"}
	if got := left(t, root, all); !slices.Equal(got, want) {
		t.Errorf("left %v; want the cache trimmed to %v", got, want)
	}
	last, ok := LastTrim(root)
	if !ok || last.Before(now.Add(-time.Second)) {
		t.Errorf("last trim %v, %v; want it noted, at %v", last, ok, now)
	}

	fakeCache(t, root, now, 100, map[string]time.Duration{"rt-x": 10 * 24 * time.Hour})
	use(root).Close()
	if _, err := os.Stat(filepath.Join(root, "rt-x")); err != nil {
		t.Errorf("trimmed again within %v: %v", TrimInterval, err)
	}
}

// The process that uses the cache holds it until Done: Clean refuses
// meanwhile.
func TestUseHolds(t *testing.T) {
	root := t.TempDir()
	if !canLock {
		t.Skip("no flock here")
	}
	Use(root)
	if _, err := Clean(root); !errors.Is(err, ErrInUse) {
		t.Errorf("Clean while the cache is used: %v; want ErrInUse", err)
	}
	Done()
	if _, err := Clean(root); err != nil {
		t.Errorf("Clean after Done: %v", err)
	}
}

// Clean empties the cache: no entry, no trim time, the lock file alone.
func TestClean(t *testing.T) {
	root, now := t.TempDir(), time.Now()
	fakeCache(t, root, now, 100, fakeAges)
	noteTrim(root, now)
	st, err := Clean(root)
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 8 || st.Freed != 900 || st.Entries != 0 || st.Size != 0 {
		t.Errorf("stats %+v; want 8 entries (900 bytes) removed, none left", st)
	}
	des, _ := os.ReadDir(root)
	var rest []string
	for _, de := range des {
		rest = append(rest, de.Name())
	}
	if !slices.Equal(rest, []string{lockName}) {
		t.Errorf("left %v in the cache; want only %s", rest, lockName)
	}
	if st, err := Clean(filepath.Join(root, "never-made")); err != nil || st.Removed != 0 {
		t.Errorf("Clean of a cache never made: %+v, %v; want nothing done, no error", st, err)
	}
}

// Touch moves an entry's time to now unless it was used within the last
// hour, as go's cache does.
func TestTouch(t *testing.T) {
	dir, now := t.TempDir(), time.Now()
	fakeCache(t, dir, now, 1, map[string]time.Duration{"old": 2 * time.Hour, "fresh": time.Minute})
	Touch(filepath.Join(dir, "old"))
	Touch(filepath.Join(dir, "fresh"))
	for name, want := range map[string]time.Time{"old": now, "fresh": now.Add(-time.Minute)} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if d := fi.ModTime().Sub(want); d < -time.Second || d > time.Second {
			t.Errorf("%s used at %v; want %v", name, fi.ModTime(), want)
		}
	}
}

// DEADHUNT_CACHE moves the root; off has none; unset, it is deadhunt
// under the user cache directory.
func TestRoot(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, dir)
	if r, err := Root(); err != nil || r != dir {
		t.Errorf("Root() = %q, %v; want %q", r, err, dir)
	}
	if h := Hunt(); h != filepath.Join(dir, "hunt") {
		t.Errorf("Hunt() = %q; want hunt in %s", h, dir)
	}
	t.Setenv(Env, "off")
	if _, err := Root(); !errors.Is(err, ErrOff) {
		t.Errorf("off: Root error %v; want ErrOff", err)
	}
	if h := Hunt(); h != "" {
		t.Errorf("off: Hunt() = %q; want none", h)
	}
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv("LocalAppData", dir)
	want, _ := os.UserCacheDir()
	// A replay in another process builds beside the same runtime.
	if b, err := Build(); err != nil || b != filepath.Join(want, "deadhunt") {
		t.Errorf("off: Build() = %q, %v; want deadhunt in %s, as unset", b, err, want)
	}
	Done()
	t.Setenv(Env, "")
	if r, err := Root(); err != nil || r != filepath.Join(want, "deadhunt") {
		t.Errorf("unset: Root() = %q, %v; want deadhunt in %s", r, err, want)
	}
}
