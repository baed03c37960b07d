// Package driver runs instrumented test binaries under deadhunt's
// controlled scheduler and turns the deadlocks they hit into confirmed
// report findings.
//
// For each test the driver makes one calibration run (strategy plain) whose
// result estimates the number of steps k, lock acquisitions and goroutines
// n; then it runs seeds, one process per run, in parallel, each in its own
// process group that is killed at the run's time bound, so goroutines,
// children and hangs never outlive a run. A run is classified from the
// runtime's result file and the process's exit status (see Outcome).
//
// A deadlock is reported as confirmed only after its schedule was replayed
// (strategy replay) and deadlocked again with the same finding ID: the
// driver never calls a deadlock confirmed that it could not reproduce.
//
// The protocol with the runtime (DEADHUNT_CONFIG in, result JSON out) is
// described in trigger/CONTRACT.md, sections 4 and 5.
package driver
