package cachedir

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// entry is what trimming keeps or removes as one: a name at the root
// other than hunt/ (a build's rt-*, mod-* or bin-* directory, with its
// .lock file), or one file of the hunt cache (a hunt's run-* directory as
// a whole).
type entry struct {
	paths []string
	used  time.Time // the latest modification time of its paths: touched when used
	size  int64     // bytes of its files not counted in an earlier entry (hard links)
}

// Stats count a cache's entries and bytes, and what a trim or clean
// removed.
type Stats struct {
	Entries int
	Size    int64
	Removed int
	Freed   int64
}

// huntName is the hunt cache's directory in the root.
const huntName = "hunt"

// scan lists root's entries, oldest first.
func scan(root string) ([]*entry, error) {
	des, err := os.ReadDir(root)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	seen := map[[2]uint64]bool{}
	byName := map[string]*entry{}
	var out []*entry
	for _, de := range des {
		name := de.Name()
		if name == lockName || name == trimName {
			continue
		}
		if name == huntName && de.IsDir() {
			out = append(out, scanHunt(filepath.Join(root, name), seen)...)
			continue
		}
		key := strings.TrimSuffix(name, ".lock") // bin-X.lock goes with bin-X
		e := byName[key]
		if e == nil {
			e = &entry{}
			byName[key] = e
			out = append(out, e)
		}
		e.add(filepath.Join(root, name), seen)
	}
	slices.SortStableFunc(out, func(a, b *entry) int { return a.used.Compare(b.used) })
	return out, nil
}

// scanHunt lists the hunt cache's entries: each file, each run-*
// directory.
func scanHunt(dir string, seen map[[2]uint64]bool) []*entry {
	var out []*entry
	filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		switch {
		case err != nil || p == dir:
			return nil
		case de.IsDir() && filepath.Dir(p) == dir && strings.HasPrefix(de.Name(), "run-"):
			e := &entry{}
			e.add(p, seen)
			out = append(out, e)
			return fs.SkipDir
		case !de.IsDir():
			e := &entry{}
			e.add(p, seen)
			out = append(out, e)
		}
		return nil
	})
	return out
}

// add makes the file or directory p part of e.
func (e *entry) add(p string, seen map[[2]uint64]bool) {
	e.paths = append(e.paths, p)
	filepath.WalkDir(p, func(q string, de fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		fi, err := de.Info()
		if err != nil {
			return nil
		}
		if q == p && fi.ModTime().After(e.used) {
			e.used = fi.ModTime()
		}
		if !fi.Mode().IsRegular() {
			return nil
		}
		if id, ok := fileID(fi); ok {
			if seen[id] {
				return nil
			}
			seen[id] = true
		}
		e.size += fi.Size()
		return nil
	})
}

// remove deletes e, and the hunt cache's directories it leaves empty.
func (e *entry) remove(root string) error {
	var first error
	for _, p := range e.paths {
		if err := os.RemoveAll(p); err != nil && first == nil {
			first = err
		}
		hunt := filepath.Join(root, huntName)
		for d := filepath.Dir(p); strings.HasPrefix(d, hunt+string(filepath.Separator)); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break // not empty
			}
		}
	}
	return first
}

// Trim removes root's entries unused for limits.MaxAge, then the least
// recently used until the rest fit in limits.MaxSize. The caller makes
// sure no one uses the cache meanwhile (Use holds its exclusive lock).
func Trim(root string, now time.Time, limits Limits) (Stats, error) {
	entries, err := scan(root)
	if err != nil {
		return Stats{}, err
	}
	st := count(entries)
	var first error
	for _, e := range entries {
		old := now.Sub(e.used) > limits.MaxAge
		if !old && (limits.MaxSize <= 0 || st.Size <= limits.MaxSize) {
			continue
		}
		if err := e.remove(root); err != nil {
			first = err
			continue
		}
		st.Entries--
		st.Size -= e.size
		st.Removed++
		st.Freed += e.size
	}
	return st, first
}

// Usage counts root's entries and their bytes.
func Usage(root string) (Stats, error) {
	entries, err := scan(root)
	return count(entries), err
}

func count(entries []*entry) Stats {
	var st Stats
	for _, e := range entries {
		st.Entries++
		st.Size += e.size
	}
	return st
}
