package instrument

import (
	"slices"
	"testing"
)

// TestTestFlags: instrumented test binaries link without DWARF unless the
// user's flags or GOFLAGS set -ldflags, which then stand as given; -mod
// is read the same way, the build flags before GOFLAGS.
func TestTestFlags(t *testing.T) {
	for _, c := range []struct {
		flags   []string
		goflags string
		want    []string
	}{
		{nil, "", []string{"-ldflags=-w"}},
		{[]string{"-race"}, "-mod=mod", []string{"-ldflags=-w", "-race"}},
		{[]string{"-ldflags=-X=main.v=1"}, "", []string{"-ldflags=-X=main.v=1"}},
		{[]string{"-ldflags", "-s"}, "", []string{"-ldflags", "-s"}},
		{[]string{"-race"}, "-ldflags=-X=main.v=1", []string{"-race"}},
	} {
		t.Setenv("GOFLAGS", c.goflags)
		b := &builder{opts: Options{GoFlags: c.flags}}
		if got := b.testFlags(); !slices.Equal(got, c.want) {
			t.Errorf("flags %q, GOFLAGS %q: %q, want %q", c.flags, c.goflags, got, c.want)
		}
	}
	t.Setenv("GOFLAGS", "-mod=vendor")
	if mode, from := modFlag([]string{"-race"}); mode != "vendor" || from != "GOFLAGS=-mod=vendor" {
		t.Errorf("modFlag with GOFLAGS=-mod=vendor: %q %q", mode, from)
	}
	if mode, from := modFlag([]string{"-mod=mod"}); mode != "mod" || from != "-mod=mod" {
		t.Errorf("modFlag with -mod=mod over GOFLAGS: %q %q", mode, from)
	}
}
