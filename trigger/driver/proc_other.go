//go:build !unix

package driver

import (
	"os"
	"os/exec"
)

// setGroup does nothing where process groups are not available.
func setGroup(cmd *exec.Cmd) {}

// killGroup kills only the process itself where process groups are not
// available; its children may survive.
func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}
