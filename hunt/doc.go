// Package hunt is deadhunt's pipeline as a library: it builds the
// packages' tests instrumented, records their lock-order traces, predicts
// deadlocks from the traces and the static analyzer, aims the directed
// strategy at each prediction, hunts each test under the controlled
// scheduler until something is confirmed or its budget is spent, and
// decides what the report says and how the run ended.
//
// Record, Predict and Confirm are deadhunt record, predict and confirm,
// each one stage more than the one before; Replayer re-runs a witness.
// Nothing here prints on its own: progress goes to Config.Observer, and
// the caller writes the results where it wants them (WriteText renders
// them as the deadhunt commands print them; the flags messages suggest are
// the caller's, Config.Hints).
package hunt
