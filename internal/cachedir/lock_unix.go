//go:build unix

package cachedir

import (
	"os"
	"syscall"
)

// canLock: trimming and cleaning rely on flock to leave a cache in use
// alone.
const canLock = true

// tryExclusive takes f's exclusive lock if no one holds it; false if
// someone does.
func tryExclusive(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// share holds f's lock shared (waiting for an exclusive holder), turning
// an exclusive lock this process holds into a shared one.
func share(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_SH) }

// fileID identifies fi's file across its hard links; ok is false where
// that is unknown.
func fileID(fi os.FileInfo) (id [2]uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return id, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true
}
