package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// pinGo keeps the go command's own caches and settings where they are
// while a test moves HOME and the user cache directory.
func pinGo(t *testing.T) {
	t.Helper()
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOENV").Output()
	if err != nil {
		t.Fatal(err)
	}
	vals := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"} {
		t.Setenv(name, vals[i])
	}
}

// files lists the files under dir, relative to it.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// DEADHUNT_CACHE moves all of deadhunt's state: a real hunt writes
// nothing under the user cache directory, its results, binaries and
// runtime land in the cache, where the next hunt finds them; env says
// where and how much, clean -cache empties it.
func TestCacheMovesEverything(t *testing.T) {
	pinGo(t)
	user, cache := t.TempDir(), filepath.Join(t.TempDir(), "dh")
	t.Setenv("HOME", user)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(user, "cache"))
	t.Setenv("LocalAppData", filepath.Join(user, "cache"))
	t.Setenv(cachedir.Env, cache)
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	dir := hunttest.CorpusModule(t, "clean/ordered")
	r := cli(t, env{dir: dir}, "confirm", "--runs", "3", "./...")
	if r.code != exitOK {
		t.Fatalf("confirm exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if got := files(t, userCache); len(got) > 0 {
		t.Errorf("%d files under the user cache directory %s, among them %q; want none", len(got), userCache, got[:min(len(got), 3)])
	}
	var rt, hunt bool
	for _, f := range files(t, cache) {
		rt = rt || strings.HasPrefix(f, "rt-")
		hunt = hunt || strings.HasPrefix(f, "hunt"+string(filepath.Separator))
	}
	if !rt || !hunt {
		t.Errorf("cache %s holds %q; want the runtime (rt-*) and the hunt cache (hunt/)", cache, files(t, cache))
	}
	r = cli(t, env{dir: dir}, "confirm", "--runs", "3", "./...")
	if r.code != exitOK || !strings.Contains(r.stdout, "[cached]") {
		t.Errorf("second confirm: exit %d, want 0 and its test's results from the cache:\n%s", r.code, r.stdout)
	}
	cachedir.Done() // this process used the cache as the hunts' processes did; they have ended

	r = cli(t, env{dir: dir}, "env")
	st, err := cachedir.Usage(cache)
	if err != nil || st.Entries == 0 {
		t.Fatalf("usage %+v, %v; want entries", st, err)
	}
	for _, s := range []string{"cache:   " + cache, "size:    " + cachedir.FormatSize(st.Size) + " in ", "size cap 2.0G"} {
		if r.code != exitOK || !strings.Contains(r.stdout, s) {
			t.Errorf("env: exit %d, stdout does not say %q:\n%s", r.code, s, r.stdout)
		}
	}
	r = cli(t, env{dir: dir}, "clean", "-cache")
	if r.code != exitOK || !strings.Contains(r.stdout, "from "+cache) {
		t.Errorf("clean -cache: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if st, err := cachedir.Usage(cache); err != nil || st.Entries != 0 || st.Size != 0 {
		t.Errorf("after clean -cache: %+v, %v; want an empty cache", st, err)
	}
}

// env -json says the cache's place, size and limits; a size cap that
// does not read is an error of env and of confirm alike.
func TestEnvJSONAndCap(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(cachedir.Env, cache)
	t.Setenv(cachedir.MaxEnv, "500M")
	entries := map[string]string{"rt-x/go.mod": "module deadhunt.dev/rt\n", "hunt/ab/k.json": "{}"}
	hunttest.WriteFiles(t, cache, entries)
	size := int64(len(entries["rt-x/go.mod"]) + len(entries["hunt/ab/k.json"]))
	r := cli(t, env{}, "env", "-json")
	var c cacheInfo
	if err := json.Unmarshal([]byte(r.stdout), &c); err != nil || r.code != exitOK {
		t.Fatalf("env -json: exit %d, %v:\n%s", r.code, err, r.stdout)
	}
	want := cacheInfo{Dir: cache, Size: size, Entries: 2, MaxSize: 500 << 20, MaxAge: 120, Interval: "1h0m0s"}
	if c != want {
		t.Errorf("env -json: %+v; want %+v", c, want)
	}

	t.Setenv(cachedir.MaxEnv, "lots")
	if r := cli(t, env{}, "env"); r.code != exitError || !strings.Contains(r.stderr, "DEADHUNT_CACHE_MAX=lots: want a size such as 500M") {
		t.Errorf("env with a bad cap: exit %d, stderr %q", r.code, r.stderr)
	}
	e, _ := fake(t, "TestPass")
	if r := cli(t, e, "confirm"); r.code != exitUsage || !strings.Contains(r.stderr, "DEADHUNT_CACHE_MAX=lots") {
		t.Errorf("confirm with a bad cap: exit %d, stderr %q", r.code, r.stderr)
	}
}

// clean wants -cache; with the cache off it has nothing to do, and env
// says so.
func TestCleanUsageAndOff(t *testing.T) {
	if r := cli(t, env{}, "clean"); r.code != exitUsage || !strings.Contains(r.stderr, "say what to clean: -cache") {
		t.Errorf("clean: exit %d, stderr %q", r.code, r.stderr)
	}
	t.Setenv(cachedir.Env, "off")
	if r := cli(t, env{}, "clean", "-cache"); r.code != exitOK || !strings.Contains(r.stdout, "no cache to clean") {
		t.Errorf("clean -cache, off: exit %d, stdout %q", r.code, r.stdout)
	}
	if r := cli(t, env{}, "env"); r.code != exitOK || !strings.Contains(r.stdout, "cache:   off") {
		t.Errorf("env, off: exit %d, stdout %q", r.code, r.stdout)
	}
}
