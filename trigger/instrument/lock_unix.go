//go:build unix

package instrument

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on name (made if missing) and returns
// what releases it: builds running at once write one cache entry in turn.
func lockFile(name string) (func(), error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
