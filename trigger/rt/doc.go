// Package rt is the runtime that instrumented code calls instead of the sync
// and channel operations it replaces (trigger/CONTRACT.md, section 3).
//
// Without DEADHUNT_CONFIG every function performs the real operation
// (pass-through). With it, a serializing scheduler runs exactly one managed
// goroutine at a time: every call is a scheduling point at which a strategy
// (random, pct, rpro, directed, replay) picks the next goroutine among the
// enabled ones. The scheduler keeps a model of mutexes, channels, wait groups,
// conds and onces, detects deadlocks from the wait-for graph when no managed
// goroutine is enabled, and writes the run result the driver reads.
//
// The package imports only the standard library: trigger/instrument extracts
// its non-test files and compiles them as module deadhunt.dev/rt.
package rt
