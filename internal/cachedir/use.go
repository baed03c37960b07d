package cachedir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A process that uses the cache holds a shared flock on its lockName
// until it exits. Trimming needs the exclusive lock, so it runs only when
// no other deadhunt uses the cache, and never removes an entry a running
// hunt holds; a process waits for a trim under way before it uses the
// cache.
const (
	lockName = ".lock"
	trimName = "trim.txt" // the Unix time of the last trim, as go's cache keeps it
)

// users holds the lock file of each cache root this process uses.
var users struct {
	sync.Mutex
	files map[string]*os.File // nil when the lock could not be taken
}

// Use marks this process as a user of the cache at root until it exits:
// first, if no other process uses it and the last trim is TrimInterval
// old, it trims it (Trim, LimitsFromEnv). Errors only cost the trim.
func Use(root string) {
	users.Lock()
	defer users.Unlock()
	if _, ok := users.files[root]; ok {
		return
	}
	if users.files == nil {
		users.files = map[string]*os.File{}
	}
	users.files[root] = use(root)
}

// use takes root's lock, trimming first when it is due.
func use(root string) *os.File {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil
	}
	f, err := os.OpenFile(filepath.Join(root, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil
	}
	if tryExclusive(f) {
		now := time.Now()
		if limits, err := LimitsFromEnv(); err == nil && trimDue(root, now) {
			if _, err := Trim(root, now, limits); err == nil {
				noteTrim(root, now)
			}
		}
	}
	share(f)
	return f
}

// trimDue reports whether root was last trimmed TrimInterval ago or
// never.
func trimDue(root string, now time.Time) bool {
	last, ok := LastTrim(root)
	return !ok || now.Sub(last) >= TrimInterval || last.After(now)
}

// LastTrim is when root was last trimmed; false if never.
func LastTrim(root string) (time.Time, bool) {
	data, err := os.ReadFile(filepath.Join(root, trimName))
	if err != nil {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}

func noteTrim(root string, now time.Time) {
	os.WriteFile(filepath.Join(root, trimName), []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o644)
}

// touchAfter: an entry used is touched only if its time is older, as go's
// cache does, so that a hit costs no write.
const touchAfter = time.Hour

// Touch marks the entry at name (a file or directory of the cache) used
// now, for trimming's least-recently-used order.
func Touch(name string) {
	fi, err := os.Stat(name)
	if err != nil {
		return
	}
	if now := time.Now(); now.Sub(fi.ModTime()) > touchAfter {
		os.Chtimes(name, now, now)
	}
}
