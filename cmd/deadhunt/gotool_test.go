//go:build gotool

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The real go tool pprof reads review -pprof's profile. Left out of go
// test ./... (-tags gotool, task test): go tool pprof builds pprof from
// source the first time, a minute of two cores with a cold cache.
func TestReviewGoToolPprof(t *testing.T) {
	out, err := exec.Command("go", "tool", "pprof", "-traces", reviewProfile(t)).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "id:  DH-2c7af3f694") || !strings.Contains(string(out), "kind:  lock-order-cycle") {
		t.Errorf("pprof -traces:\n%s", out)
	}
}
