package cachedir

import (
	"errors"
	"os"
	"path/filepath"
)

// ErrInUse is Clean's error while another process uses the cache.
var ErrInUse = errors.New("the cache is in use by a running deadhunt; try again when it has ended")

// Clean empties the cache at root (as go clean -cache does go's): every
// entry goes, the lock file stays. It refuses while another process uses
// the cache (ErrInUse), and must not be called by one that does.
func Clean(root string) (Stats, error) {
	f, err := os.OpenFile(filepath.Join(root, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if os.IsNotExist(err) {
		return Stats{}, nil // no cache yet
	}
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	if canLock && !tryExclusive(f) {
		return Stats{}, ErrInUse
	}
	entries, err := scan(root)
	if err != nil {
		return Stats{}, err
	}
	st := count(entries)
	for _, e := range entries {
		if err := e.remove(root); err != nil {
			return st, err
		}
		st.Entries--
		st.Size -= e.size
		st.Removed++
		st.Freed += e.size
	}
	os.RemoveAll(filepath.Join(root, huntName)) // its directories, now empty
	os.Remove(filepath.Join(root, trimName))
	return st, nil
}
