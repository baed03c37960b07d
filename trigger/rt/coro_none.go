//go:build !go1.23 || race

package rt

// Without runtime coroutines (before Go 1.23), or under the race detector,
// which does not see the happens-before edges of a coroutine switch, every
// handoff goes through the wake channels.

type coro struct{}

func newcoro(func(*coro)) *coro { panic("deadhunt: no coroutines") }
func coroswitch(*coro)          { panic("deadhunt: no coroutines") }
func lockedOSThread() bool      { return false }

const coroOK = false
