//go:build !linux

package rt

// netQuiet is never sure elsewhere: the sockets' peers and queues are
// read from Linux's /proc (netquiet_linux.go).
func netQuiet() (bool, string) { return false, "sockets are read on Linux only" }
