package analyzer

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func TestCheckToolchain(t *testing.T) {
	var te *ToolchainError
	if err := CheckToolchain("go1.999.1"); !errors.As(err, &te) || !te.Skip() || !strings.Contains(err.Error(), "rebuild it with go1.999 or newer") {
		t.Errorf("go1.999.1: %v", err)
	}
	for _, v := range []string{runtime.Version(), "go1.21.0", "devel +abc", ""} {
		if err := CheckToolchain(v); err != nil {
			t.Errorf("%q: %v", v, err)
		}
	}
}
