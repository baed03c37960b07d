package analyzer

import (
	"context"
	"fmt"
	"go/version"
	"os/exec"
	"runtime"
	"strings"
)

// ToolchainError says that the code to analyse is for a newer Go than
// the one this analyzer was built with: its go/types cannot type-check
// the standard library of that release.
type ToolchainError struct {
	Built, Code string // Go versions: this binary's, the code's toolchain's
}

func (e *ToolchainError) Error() string {
	return fmt.Sprintf("lockcycle was built with %s and cannot type-check %s code; rebuild it with %s or newer (for instance GOTOOLCHAIN=%s go install github.com/deadhunt/deadhunt/cmd/...@latest)",
		e.Built, e.Code, version.Lang(e.Code), e.Code)
}

// Skip reports that the analysis was skipped, not failed: deadhunt goes
// on without static predictions.
func (e *ToolchainError) Skip() bool { return true }

// CheckToolchain returns a *ToolchainError when code's Go version (a
// "go1.27.1" as go env GOVERSION prints it) is a newer language version
// than this binary's; nil otherwise, or when either is not a release.
func CheckToolchain(code string) error {
	built := runtime.Version()
	if !version.IsValid(code) || !version.IsValid(built) || version.Compare(version.Lang(code), version.Lang(built)) <= 0 {
		return nil
	}
	return &ToolchainError{Built: built, Code: code}
}

// ToolchainIn is the Go version of the toolchain the go command runs in
// dir (GOTOOLCHAIN may select another than the one installed).
func ToolchainIn(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOVERSION")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("lockcycle: go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
