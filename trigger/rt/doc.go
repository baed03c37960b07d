// Package rt is the runtime that instrumented code calls instead of the sync
// and channel operations it replaces (trigger/CONTRACT.md, section 3).
//
// Without DEADHUNT_CONFIG every function performs the real operation
// (pass-through). With strategy "plain" no scheduler is installed: it also
// passes through and only counts steps, acquisitions and goroutines for
// calibration (plain.go).
//
// Otherwise a serializing scheduler runs exactly one managed goroutine at a
// time. Every call is a scheduling point: the goroutine states its
// operation, the strategy picks the next goroutine among the enabled ones,
// and the others stay parked (handover.go). Each decision is recorded as a
// step, so that the same seed gives the same schedule and a recorded
// schedule replays exactly. Time is a virtual clock the scheduler owns
// (clock.go): a timer's firing is a decision like any other.
//
// The parts, each described in docs/architecture.md ("Inside the
// runtime"), which also lists the files a new primitive or strategy
// touches:
//   - the op table (op.go), the only registry of primitives;
//   - the primitives, one file each with its entry points, model and rows;
//   - the core (sched.go, enset.go): goroutines, enabled set, token, step log;
//   - the verdict (verdict.go, detect.go, prove.go, snapshot.go, result.go):
//     what a run concludes, a deadlock only when every goroutine in it is
//     really blocked;
//   - the observers (observe.go): the lock-order trace and the explorer;
//   - the strategies (strategy*.go), whose names and bounds are rows of
//     wire.StrategyTable.
//
// A run never hangs: a watchdog releases goroutines blocked outside
// instrumented code (watchdog.go), and a run that reaches its bound stops
// with a snapshot of what every goroutine waits for (snapshot.go).
//
// The package imports only the standard library and its subpackage wire
// (what it exchanges with the driver, standard library only too):
// trigger/instrument extracts their non-test files and compiles them as
// module deadhunt.dev/rt.
package rt
