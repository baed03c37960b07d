// Package cachedir is the one directory of deadhunt's kept state: the hunt
// cache (results, index, stored binaries, static answers; under hunt/)
// and the build's state (the extracted runtime rt-*, module copies mod-*,
// the link cache bin-*), with its upkeep: entries are touched when used,
// trimmed by age and size at most once an hour (Use, Trim), emptied by
// Clean. DEADHUNT_CACHE moves all of it; "off" keeps no hunt results (the
// build's state stays in the default place: see Build).
package cachedir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// this process as the cache's user (Use). With the hunt cache off it is
// where it would be unset, deadhunt under the user cache directory: the
// instrumented binaries name the runtime's directory, so a later replay
// (another process) must build beside the same one to match a witness.
func Build() (string, error) {
	root, err := Root()
	if errors.Is(err, ErrOff) {
		c, cerr := os.UserCacheDir()
		if cerr != nil {
			return "", fmt.Errorf("no cache directory for the build (set %s to one): %w", Env, cerr)
		}
		root, err = filepath.Join(c, "deadhunt"), nil
	}
	if err != nil {
		return "", err
	}
	Use(root)
	return root, nil
}

// Done ends this process's use of the cache: it lets go of the roots it
// used (Use), so that others may trim or clean them. The command calls it
// before it exits.
func Done() {
	users.Lock()
	for root, f := range users.files {
		if f != nil {
			f.Close()
		}
		delete(users.files, root)
	}
	users.Unlock()
}
