package wire

import "slices"

// Kind is what sort of deadlock a finding describes.
type Kind string

const (
	LockOrderCycle Kind = "lock-order-cycle" // goroutines acquire locks in a cyclic order
	DoubleLock     Kind = "double-lock"      // a goroutine locks a mutex it already holds
	RWR            Kind = "rwr"              // recursive RLock with a writer queued between
	Mixed          Kind = "mixed"            // locks and channels/WaitGroup/Cond together
	Blocked        Kind = "blocked"          // goroutines blocked for good with nobody to wake them
	MissingUnlock  Kind = "missing-unlock"   // Lock without Unlock on some return path
	// MissingDone: a goroutine returns on some path without the
	// WaitGroup Done it calls on others (lockcycle only).
	MissingDone Kind = "missing-done"
	// LockNeverReleased: a mutex held by a goroutine that has ended (or a
	// callback that has returned) while another waits for it.
	LockNeverReleased Kind = "lock-never-released"
	// Hang: a run reached its time bound without a deadlock (a spin, a
	// wait outside instrumented code, a slow test); the finding carries
	// the snapshot taken at the bound.
	Hang Kind = "hang"
)

// Kinds lists every kind, in the order reports rank them.
var Kinds = []Kind{LockOrderCycle, DoubleLock, RWR, Mixed, Blocked, MissingUnlock, MissingDone, LockNeverReleased, Hang}

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return slices.Contains(Kinds, k) }

// LockOnly reports whether the kind involves only mutexes, so a static
// lock analysis can be expected to see it.
func (k Kind) LockOnly() bool {
	return k == LockOrderCycle || k == DoubleLock || k == RWR
}
