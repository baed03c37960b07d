package report

import (
	"fmt"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Kind is what sort of deadlock a finding describes (wire.Kind: the
// runtime writes the kinds it finds).
type Kind = wire.Kind

const (
	LockOrderCycle    = wire.LockOrderCycle
	DoubleLock        = wire.DoubleLock
	RWR               = wire.RWR
	Mixed             = wire.Mixed
	Blocked           = wire.Blocked
	MissingUnlock     = wire.MissingUnlock
	MissingDone       = wire.MissingDone
	LockNeverReleased = wire.LockNeverReleased
	Hang              = wire.Hang
)

// Kinds lists every kind, in the order reports rank them.
var Kinds = wire.Kinds

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
