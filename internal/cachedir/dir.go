// Package cachedir is the one directory of deadhunt's kept state: the hunt
// cache (results, index, stored binaries, static answers; under hunt/)
// and the build's state (the extracted runtime rt-*, module copies mod-*,
// the link cache bin-*), with its upkeep: entries are touched when used,
// trimmed by age and size at most once an hour (Use, Trim), emptied by
// Clean. DEADHUNT_CACHE moves all of it; "off" keeps nothing.
package cachedir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Env names the environment variable that moves the cache: a directory,
// or "off" for none.
const Env = "DEADHUNT_CACHE"

// ErrOff is Root's error when Env is "off".
var ErrOff = errors.New(Env + "=off: no cache")

// Root is the cache directory: $DEADHUNT_CACHE (made absolute), else
// deadhunt under os.UserCacheDir, beside go's own build cache. ErrOff when
// Env is "off".
func Root() (string, error) {
	switch dir := os.Getenv(Env); dir {
	case "off":
		return "", ErrOff
	case "":
		c, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache directory (set %s): %w", Env, err)
		}
		return filepath.Join(c, "deadhunt"), nil
	default:
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", fmt.Errorf("%s: %w", Env, err)
		}
		return abs, nil
	}
}

// Hunt is the hunt cache's directory (hunt/ in Root), and marks this
// process as the cache's user (Use); "" when off or there is no cache
// directory.
func Hunt() string {
	root, err := Root()
	if err != nil {
		return ""
	}
	Use(root)
	return filepath.Join(root, "hunt")
}

// Build is the directory of the build's state (Root itself), and marks
// this process as the cache's user (Use). When off, it is a temporary
// directory of this process's, made on the first call and removed by
// Done.
func Build() (string, error) {
	root, err := Root()
	if errors.Is(err, ErrOff) {
		return offDir()
	}
	if err != nil {
		return "", err
	}
	Use(root)
	return root, nil
}

// off is the temporary build directory of a process whose cache is off.
var off struct {
	sync.Mutex
	dir string
}

func offDir() (string, error) {
	off.Lock()
	defer off.Unlock()
	if off.dir == "" {
		dir, err := os.MkdirTemp("", "deadhunt-cache-")
		if err != nil {
			return "", err
		}
		off.dir = dir
	}
	return off.dir, nil
}

// Done ends this process's use of the cache: it lets go of the roots it
// used (Use), so that others may trim or clean them, and removes the
// temporary build directory Build made when the cache is off. The command
// calls it before it exits.
func Done() {
	users.Lock()
	for root, f := range users.files {
		if f != nil {
			f.Close()
		}
		delete(users.files, root)
	}
	users.Unlock()
	off.Lock()
	defer off.Unlock()
	if off.dir != "" {
		os.RemoveAll(off.dir)
		off.dir = ""
	}
}
