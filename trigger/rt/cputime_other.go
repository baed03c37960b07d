//go:build !unix

package rt

import "time"

// processCPU is the time since the process started where its CPU time is
// not read (cputime_unix.go).
func processCPU() time.Duration { return time.Since(processStart) }
