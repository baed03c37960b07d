//go:build !linux

package rt

import "time"

// napper is nil where the watchdog's short waits are Go's timers
// (nap_linux.go).
type napper struct{}

func newNapper() *napper                 { return nil }
func (n *napper) nap(time.Duration) bool { return false }
func (n *napper) close()                 {}
