//go:build unix

package rt

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system): what
// the leaked goroutines' time after the test is counted in, so that a
// loaded machine, which gives the process fewer seconds of CPU in a
// second, does not end it after fewer steps.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return time.Since(processStart)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
