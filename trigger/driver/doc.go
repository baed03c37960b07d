// Package driver runs instrumented test binaries under deadhunt's
// controlled scheduler: it records their lock-order traces, aims the
// directed strategy at what the traces predict, hunts each test with
// seeded runs, and confirms by replay the deadlocks they hit.
//
// Every run is one process (one test of one binary) in its own process
// group, killed at the run's time bound, so goroutines, children and hangs
// never outlive it; runs go on in parallel. A run is classified from the
// runtime's result file and the process's exit status (see Outcome).
//
// Record and Predict come first in deadhunt confirm: Record runs each test
// plainly and under a few random and pct schedules, each writing its
// lock-order trace (together, a Recording); Predict reads a package's
// traces with predict and turns every prediction into an Aim at the tests
// that showed it.
//
// Hunt starts each test with a plain run (does the test pass on its own?
// the Recording's, if it has one; one still going does not hold the hunt
// up, hunter.go's speculate) and a calibration run (strategy random,
// seed 0) whose result estimates the number of steps k, lock acquisitions
// and goroutines n. It runs a test's aims before its seeds: for each, one
// calibration run that counts the target's acquisitions (k), then seeds of
// the directed strategy, whose change points fall only on acquisitions at
// the target's sites (the inner acquisitions of the cycle's edges, and one
// at the acquisitions of their first locks) made by the goroutines created
// where the cycle's were; the runtime runs every other goroutine first
// (thread bounding), so n counts only those. A test's own seeds (rpro by
// default) run only if no aim confirmed anything. AimStats.Search gives,
// for a prediction that was not confirmed, the runs tried and the bound
// (1-p)^runs on having missed a deadlock of the assumed depth.
//
// A deadlock is reported as confirmed only after its schedule was replayed
// (strategy replay) and deadlocked again with the same finding ID: the
// driver never calls a deadlock confirmed that it could not reproduce.
//
// The protocol with the runtime (DEADHUNT_CONFIG in, result JSON out) is
// described in trigger/CONTRACT.md, sections 4 and 5.
package driver
