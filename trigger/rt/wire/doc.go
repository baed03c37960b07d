// Package wire holds what deadhunt's driver and runtime exchange: the run
// configuration the driver writes (Config, trigger/CONTRACT.md section 4),
// the run result the runtime writes (Result, section 5) with its schedule,
// deadlock and snapshot, and the strategy table both sides read.
//
// It ships with the runtime (deadhunt.dev/rt/wire once extracted), so it
// imports only the standard library and is never instrumented. The JSON
// forms are the contract: field names and encodings do not change.
package wire
