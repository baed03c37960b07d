package wire

import "time"

// Snapshot is the state of a run stopped at its time bound: every managed
// goroutine's state, what it waits for, the locks it holds and its stack,
// the pending timers and the goroutines running outside instrumented code.
type Snapshot struct {
	// Class is how the run was classified (HangSpin, HangSlow,
	// HangOutside, HangPlain; HangKilled when the driver had to kill the
	// process and there is no snapshot).
	Class   string `json:"class"`
	Reason  string `json:"reason"`
	BoundMS int    `json:"bound_ms"`
	Steps   int    `json:"steps"`
	// ClockNanos is the virtual clock at the bound.
	ClockNanos int64           `json:"clock_ns,omitempty"`
	Goroutines []SnapGoroutine `json:"goroutines,omitempty"`
	Timers     []SnapTimer     `json:"timers,omitempty"`
	// Unmanaged are goroutines the scheduler does not manage (started by
	// code that is not instrumented), with their stacks.
	Unmanaged []SnapGoroutine `json:"unmanaged,omitempty"`
}

// Hang classes.
const (
	HangSpin    = "spin"            // enabled goroutines only poll (Gosched, Sleep, TryLock, select default)
	HangSlow    = "slow"            // goroutines still make progress
	HangOutside = "blocked-outside" // managed goroutines are blocked or compute outside instrumented code
	HangPlain   = "plain"           // a run without a scheduler: the goroutine dump only
	HangKilled  = "killed"          // the process was killed at the bound without a snapshot
)

// Bound is the snapshot's bound as a duration.
func (s *Snapshot) Bound() time.Duration { return time.Duration(s.BoundMS) * time.Millisecond }

// SnapGoroutine is one goroutine in a snapshot.
type SnapGoroutine struct {
	ID       int      `json:"id,omitempty"` // 0: not managed by the scheduler
	Created  Site     `json:"created,omitzero"`
	State    string   `json:"state"`              // running, enabled, spinning, blocked, outside, ended, unmanaged
	GoState  string   `json:"go_state,omitempty"` // Go's wait reason: "chan receive", "running"
	WaitsFor string   `json:"waits_for,omitempty"`
	Holds    []string `json:"holds,omitempty"`
	Stack    []Frame  `json:"stack,omitempty"`
}

// SnapTimer is a pending timer of the virtual clock.
type SnapTimer struct {
	Site    Site  `json:"site"`
	InNanos int64 `json:"in_ns"` // from the virtual clock's now to its deadline
}

// LeakProfile is what Go's goroutine leak profile (runtime/pprof
// "goroutineleak": Go 1.27, or Go 1.26 built with
// GOEXPERIMENT=goroutineleakprofile) said at the end of a plain run: the
// goroutines blocked on objects no goroutine able to run can reach.
type LeakProfile struct {
	// Available is false when the test binary's toolchain has no such
	// profile.
	Available bool            `json:"available"`
	Leaked    []SnapGoroutine `json:"leaked,omitempty"`
}
