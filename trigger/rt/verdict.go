package rt

import (
	"fmt"
	"slices"
)

// verdict is what the run concludes, apart from the core's decisions: the
// warnings for the result, and whether and how a deadlock was reported.
// The code that reaches it: detect.go (wait-for cycles when nothing can
// step), prove.go (goroutines proved blocked for good), snapshot.go (the
// state at the bound), deadlock.go (reporting one), result.go (the run's
// result file).
type verdict struct {
	warnings []string
	dead     bool          // a deadlock was reported; everything stops
	dumped   chan struct{} // stack dump acknowledgements
	// onDeadlock reports a deadlock; by default it writes the result,
	// prints the report and exits with status 3. Tests replace it.
	onDeadlock func(r *result)
}

// warnOnce records warning w unless it was recorded: one per place, so
// not bounded like warn's.
func (v *verdict) warnOnce(w string) {
	if !slices.Contains(v.warnings, w) {
		v.warnings = append(v.warnings, w)
	}
}

// warn records a warning for the result (bounded).
func (v *verdict) warn(format string, args ...any) {
	if len(v.warnings) < 50 {
		v.warnings = append(v.warnings, fmt.Sprintf(format, args...))
	}
}
