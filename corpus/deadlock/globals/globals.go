// Package globals models a logger configured through package-level state:
// Reload takes the config lock then the log lock, while Logf takes the log
// lock then the config lock to read the level.
package globals

import "sync"

var (
	configMu sync.Mutex // guards level
	logMu    sync.Mutex // guards lines
	level    = 1
	lines    []string
)

// Reload sets a new level and records the change in the log.
func Reload(newLevel int) {
	configMu.Lock()
	defer configMu.Unlock()
	level = newLevel
	logMu.Lock() // configMu -> logMu
	lines = append(lines, "level changed")
	logMu.Unlock()
}

// Logf appends msg if the current level lets it through.
func Logf(msgLevel int, msg string) {
	logMu.Lock()
	defer logMu.Unlock()
	configMu.Lock() // logMu -> configMu
	ok := msgLevel >= level
	configMu.Unlock()
	if ok {
		lines = append(lines, msg)
	}
}
