// Package cache is the hunt cache: what hunting a package's tests found,
// keyed by the code of its instrumented test binary and the options that
// change results (Cache, Split); what building a package's tests showed,
// by source key (Known, StoreBuild); the last instrumented test binary of
// each package (the binary store, binstore.go); the static analyzer's
// answer per package (static.go); and the source keys go list gives
// before anything is built (List). It keeps and finds; the hunt decides
// what to build, hunt and ask.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Env names the environment variable that moves deadhunt's cache, this
// one included: a directory, or "off" for none.
const Env = cachedir.Env

// DefaultDir is where the hunt cache lives: hunt/ in deadhunt's cache
// directory (cachedir.Root: $DEADHUNT_CACHE, else deadhunt under
// os.UserCacheDir); "" when off or there is no such directory. Asking
// marks this process as the cache's user (cachedir.Use).
func DefaultDir() string { return cachedir.Hunt() }

// Cache holds what hunting a package's tests found, keyed by the code of
// its instrumented test binary (the source key go list gives, see
// Sources; else the binary's fingerprint), deadhunt's own executable, the
// tests hunted and the options that change results; and, by source key,
// what building a package's tests showed (its tests, its blind spots), so
// that an unchanged package is not even built. An entry is a file written
// atomically (temporary file, then rename), so concurrent hunts at worst
// both write the same entry, and a reader never sees half of one. A nil
// Cache has nothing and keeps nothing.
type Cache struct {
	dir  string
	opts string // the result-changing options, encoded
}

// Entry is what one package's hunt left: its tests' accounts, its
// findings as the report says them (suppressions not applied) and its
// errors (tests failing on their own).
type Entry struct {
	Package  string                `json:"package"`
	Tests    []driver.TestStats    `json:"tests"`
	Findings []report.Finding      `json:"findings"`
	Errors   []report.PackageError `json:"errors,omitempty"`
}

// New is the cache in dir for hunts with opts, the options that change
// results (encoded as JSON); nil when dir is "" or deadhunt's own
// executable cannot be read.
func New(dir string, opts any) *Cache {
	if dir == "" || selfVersion() == "" {
		return nil
	}
	data, _ := json.Marshal(struct {
		Version string
		Opts    any
	}{selfVersion(), opts})
	return &Cache{dir: dir, opts: string(data)}
}

// code identifies the code of p's test binary: its source key when go
// list gave one (Sources), else the binary's fingerprint; "" if neither
// is known (p is then not cached).
func code(p *driver.Package, src *Sources) string {
	if k := src.Key(p.ImportPath); k != "" {
		return "src:" + k
	}
	if p.Fingerprint != "" {
		return "bin:" + p.Fingerprint
	}
	return ""
}

// key is the name of the entry of p's tests, hunted with the cache's
// options, for code.
func (c *Cache) key(p *driver.Package, code string) string {
	data, _ := json.Marshal(struct {
		Opts, Package, Code string
		Tests               []string
	}{c.opts, p.ImportPath, code, p.Tests})
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

func (c *Cache) path(key string) string { return filepath.Join(c.dir, key[:2], key+".json") }

// TempDir makes a directory of a hunt's own beside the cache's files, for
// the stored binaries it takes (TakeBinary): on the same file system, a
// binary taken is a link, not a copy. The hunt removes it.
func (c *Cache) TempDir() (string, error) { return os.MkdirTemp(c.dir, "run-") }

// get returns the entry of p's tests, if there is one.
func (c *Cache) get(p *driver.Package, code string) (*Entry, bool) {
	if c == nil || code == "" {
		return nil, false
	}
	var e Entry
	if !c.read(c.key(p, code), &e) || e.Package != p.ImportPath || len(e.Tests) != len(p.Tests) {
		return nil, false // missing, corrupt or foreign: hunt again
	}
	return &e, true
}

// put stores p's entry.
func (c *Cache) put(p *driver.Package, code string, e *Entry) error {
	if c == nil || code == "" {
		return nil
	}
	return c.write(c.key(p, code), e)
}

// read decodes the file of key into v; false if there is none or it is
// corrupt. An entry read is touched: trimming keeps the recently used.
func (c *Cache) read(key string, v any) bool {
	data, err := os.ReadFile(c.path(key))
	if err != nil || json.Unmarshal(data, v) != nil {
		return false
	}
	cachedir.Touch(c.path(key))
	return true
}

// write stores v as the file of key, atomically.
func (c *Cache) write(key string, v any) error {
	name := c.path(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("hunt: cache: %w", err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("hunt: cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".entry-*")
	if err != nil {
		return fmt.Errorf("hunt: cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("hunt: cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("hunt: cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("hunt: cache: %w", err)
	}
	return nil
}

// selfVersion identifies the running deadhunt: a hash of its executable,
// so that a rebuilt deadhunt (a new version, or a local change) never
// reuses results of another.
var selfVersion = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return driver.Fingerprint(exe)
})
