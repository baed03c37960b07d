package rt

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// napper sleeps for less than a millisecond: Go's timers wake a process
// whose goroutines all wait only to the millisecond (its network poller's
// timeout), a timer file's expiry wakes the poller at once, and the
// goroutine reading it waits in the poller, leaving its P (and the timers
// on it) to others, as a sleep in a system call would not.
type napper struct {
	f  *os.File
	fd uintptr // f's, kept: File.Fd would make f blocking
}

// newNapper opens a timer file, or returns nil.
func newNapper() *napper {
	const clockMonotonic, flags = 1, syscall.O_NONBLOCK | syscall.O_CLOEXEC
	fd, _, errno := syscall.Syscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, flags, 0)
	if errno != 0 {
		return nil
	}
	return &napper{f: os.NewFile(fd, "deadhunt-nap"), fd: fd}
}

// nap sleeps for d and reports whether it could.
func (n *napper) nap(d time.Duration) bool {
	if n == nil {
		return false
	}
	spec := [2]syscall.Timespec{{}, syscall.NsecToTimespec(int64(d))} // interval, value
	if _, _, errno := syscall.Syscall6(syscall.SYS_TIMERFD_SETTIME, n.fd, 0, uintptr(unsafe.Pointer(&spec)), 0, 0, 0); errno != 0 {
		return false
	}
	var buf [8]byte
	_, err := n.f.Read(buf[:])
	return err == nil
}

func (n *napper) close() {
	if n != nil {
		n.f.Close()
	}
}
