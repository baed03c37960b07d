//go:build unix

package driver

import (
	"os/exec"
	"syscall"
)

// setGroup makes the command the leader of a new process group, so that
// killGroup reaches every process it starts.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group led by pid. The group outlives its
// leader while any member does, so this also reaches children left behind
// by a process that has already exited.
func killGroup(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}
