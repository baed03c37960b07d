//go:build !go1.23 || race

package rt

// Without runtime coroutines (before Go 1.23), and under the race detector,
// where the handover through them has not been tried, every handover goes
// through the wake channels.

type coro struct{}

func newcoro(func(*coro)) *coro { panic("deadhunt: no coroutines") }
func coroswitch(*coro)          { panic("deadhunt: no coroutines") }
func lockedOSThread() bool      { return false }

const coroOK = false
