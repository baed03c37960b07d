package driver

import "github.com/deadhunt/deadhunt/trigger/rt/wire"

// Outcome is how one run ended.
type Outcome string

const (
	Deadlock Outcome = "deadlock" // exit 3 with a deadlock result
	Pass     Outcome = "pass"     // exit 0
	Fail     Outcome = "fail"     // the test failed (--- FAIL)
	Panic    Outcome = "panic"    // a panic or fatal runtime error
	Exit     Outcome = "exit"     // the process exited otherwise (os.Exit, crash) without a deadlock result
	Timeout  Outcome = "timeout"  // killed at the time bound
	Hang     Outcome = "hang"     // stopped by the runtime at the time bound, with a snapshot (exit 4)
)

// Outcomes lists every outcome in display order.
var Outcomes = []Outcome{Deadlock, Pass, Fail, Panic, Exit, Timeout, Hang}

// Bad reports whether the outcome means the test itself misbehaved.
func (o Outcome) Bad() bool { return o == Fail || o == Panic || o == Exit || o == Timeout || o == Hang }

// Hung reports whether the run reached its time bound.
func (o Outcome) Hung() bool { return o == Timeout || o == Hang }

// exitHang is the runtime's exit status for a run it stopped at its bound
// without a deadlock.
const exitHang = 4

// classify decides a finished process's outcome from its exit code, the
// runtime's result (nil if none) and markers seen in its output.
func classify(code int, res *wire.Result, out outputInfo) Outcome {
	switch {
	case code == 3 && res != nil && res.Outcome == "deadlock":
		return Deadlock
	case code == exitHang && res != nil && res.Outcome == "hang":
		return Hang
	case code == 0:
		return Pass
	case out.panicked:
		return Panic
	case out.failed:
		return Fail
	default:
		return Exit
	}
}
