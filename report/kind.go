package report

import "fmt"

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
func (k Kind) Valid() bool {
	for _, x := range Kinds {
		if k == x {
			return true
		}
	}
	return false
}

// LockOnly reports whether the kind involves only mutexes, so a static
// lock analysis can be expected to see it.
func (k Kind) LockOnly() bool {
	return k == LockOrderCycle || k == DoubleLock || k == RWR
}

// Status is how far a finding has been established.
type Status string

const (
	PredictedStatic  Status = "predicted-static"  // from source by lockcycle
	PredictedDynamic Status = "predicted-dynamic" // from recorded lock-order traces
	Confirmed        Status = "confirmed"         // reproduced under the controlled scheduler
	Unconfirmed      Status = "unconfirmed"       // predicted, not reproduced within the budget
	// Observed: a run showed it (a hang at the time bound); not a
	// deadlock, so there is nothing to confirm by replay.
	Observed Status = "observed"
)

// Statuses lists every status, most certain first.
var Statuses = []Status{Confirmed, PredictedDynamic, PredictedStatic, Unconfirmed, Observed}

// Valid reports whether s is a known status.
func (s Status) Valid() bool {
	for _, x := range Statuses {
		if s == x {
			return true
		}
	}
	return false
}

// Rank orders statuses for display: confirmed first.
func (s Status) Rank() int {
	for i, x := range Statuses {
		if s == x {
			return i
		}
	}
	return len(Statuses)
}

func checkEnum[T ~string](what string, v T, ok bool) error {
	if !ok {
		return fmt.Errorf("unknown %s %q", what, string(v))
	}
	return nil
}
