package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/instrument"
)

// The binary store keeps each package's last instrumented test binary
// under the source key it was built from (Sources: everything the binary
// is built from, deadhunt's own executable included). A hunt of a package
// whose key is the same takes the binary from the store and builds
// nothing: no loading, no instrumenting, no go command. That holds for a
// fresh hunt (-count=1) too: like go test -count=1, it runs the tests
// again; it does not rebuild them. The store keeps one binary per package
// (by directory and import path), named by its key and fingerprint, and
// replaces it when the package changes. Where the file system allows it,
// the stored binary is a hard link to the one the go command left in the
// link cache (trigger/instrument), not a second copy: the go command
// replaces a file it rebuilds rather than writing into it, so a link
// keeps the old contents.

// binSlot is the directory of the package at path in dir.
func (c *Cache) binSlot(dir, path string) string {
	h := sha256.Sum256([]byte(dir + "\x00" + path))
	return filepath.Join(c.dir, "bin", hex.EncodeToString(h[:8]))
}

// binName is the file of the binary of key whose fingerprint is fp.
func binName(slot, key, fp string) string { return filepath.Join(slot, key+"-"+fp+".test") }

// storedBinary returns the stored binary of the package at path in dir
// built from key, and its fingerprint; "" if there is none.
func (c *Cache) storedBinary(dir, path, key string) (name, fp string) {
	if c == nil || key == "" {
		return "", ""
	}
	slot := c.binSlot(dir, path)
	names, _ := filepath.Glob(filepath.Join(slot, key+"-*.test"))
	for _, n := range names {
		fp := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(n), key+"-"), ".test")
		if fp != "" && !strings.ContainsAny(fp, "-.") {
			return n, fp
		}
	}
	return "", ""
}

// Has reports whether the store has a binary of the package at path in
// dir built from key.
func (c *Cache) Has(dir, path, key string) bool {
	name, _ := c.storedBinary(dir, path, key)
	return name != ""
}

// StoreBinary keeps pkg's binary, built from key, in the store, and drops
// the package's binaries of other keys.
func (c *Cache) StoreBinary(pkg *driver.Package, key string) error {
	if c == nil || key == "" || pkg.Binary == "" || pkg.Fingerprint == "" {
		return nil
	}
	slot := c.binSlot(pkg.Dir, pkg.ImportPath)
	name := binName(slot, key, pkg.Fingerprint)
	if _, err := os.Stat(name); err == nil {
		return nil
	}
	if err := os.MkdirAll(slot, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(slot, ".new-"+filepath.Base(name))
	if err := instrument.Place(pkg.Binary, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return err
	}
	old, _ := filepath.Glob(filepath.Join(slot, "*.test"))
	for _, o := range old {
		if o != name {
			os.Remove(o)
		}
	}
	return nil
}

// TakeBinary places the stored binary of pkg (built from key) in dir, a
// directory of the hunt's own (TempDir: a later hunt may replace the
// store's file), and sets pkg's Binary and Fingerprint; false if the
// store has none.
func (c *Cache) TakeBinary(pkg *driver.Package, key, dir string) bool {
	name, fp := c.storedBinary(pkg.Dir, pkg.ImportPath, key)
	if name == "" {
		return false
	}
	dst := filepath.Join(dir, strings.ReplaceAll(pkg.ImportPath, "/", "_")+".test")
	if err := instrument.Place(name, dst); err != nil {
		return false // replaced meanwhile: build it
	}
	cachedir.Touch(name) // used: trimming keeps it
	pkg.Binary, pkg.Fingerprint = dst, fp
	return true
}

// Patterns name a hunt's packages: the module root, the directory the
// patterns are relative to, the tests' -run pattern and the patterns.
type Patterns struct {
	Root, Dir, Run string
	Patterns       []string
}

// listing is what a hunt's go list showed of its packages: each one's
// directory and source key (Sources).
type listing struct {
	Dirs map[string]string `json:"dirs"`
	Keys map[string]string `json:"keys"`
}

// listingKey names the listing of the last hunt of pats.
func listingKey(pats Patterns) string {
	data, _ := json.Marshal(pats)
	h := sha256.Sum256(data)
	return "last-" + hex.EncodeToString(h[:])
}

// noteListing keeps what go list showed of the packages of pats for the
// next hunt of them (LastKnown).
func (c *Cache) noteListing(pats Patterns, src *Sources) error {
	if c == nil || src == nil || len(src.Keys) == 0 {
		return nil
	}
	l := listing{Dirs: map[string]string{}, Keys: src.Keys}
	for path := range src.Keys {
		l.Dirs[path] = src.Dirs[path]
	}
	return c.write(listingKey(pats), l)
}

// LastKnown reports whether every package the last hunt of pats listed is
// still known to the index (and, for a fresh hunt, its binary stored):
// unless the code changed since, nothing is to be built.
func (c *Cache) LastKnown(pats Patterns, fresh bool) bool {
	var l listing
	if c == nil || !c.read(listingKey(pats), &l) || len(l.Keys) == 0 {
		return false
	}
	for path, key := range l.Keys {
		var e IndexEntry
		if !c.read(indexKey(key), &e) || e.Package != path || fresh && !c.Has(l.Dirs[path], path, key) {
			return false
		}
	}
	return true
}
