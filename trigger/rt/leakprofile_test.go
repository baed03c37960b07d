package rt_test

import (
	"runtime/pprof"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	scenarios["plainleak"] = plainLeak
	scenarios["plainends"] = plainEnds
}

// plainLeak: a goroutine sends on a channel only it can reach, and the
// test returns.
func plainLeak() {
	go func() {
		ch := make(chan int)
		ch <- 1
	}()
}

// plainEnds: a goroutine that ends shortly after the test returns.
func plainEnds() {
	ch := make(chan int)
	go func() { ch <- 1 }()
	go func() { <-ch }()
}

// leakProfile reports whether this toolchain has Go's goroutine leak
// profile (Go 1.27; Go 1.26 with GOEXPERIMENT=goroutineleakprofile): the
// child processes are this test binary.
func leakProfile() bool { return pprof.Lookup("goroutineleak") != nil }

func TestPlainRunLeakProfile(t *testing.T) {
	c := runChild(t, "plainleak", &rt.Config{Strategy: "plain"})
	if c.code != 0 || c.result == nil || c.result.LeakProfile == nil {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	lp := c.result.LeakProfile
	if lp.Available != leakProfile() {
		t.Fatalf("available %v, want %v", lp.Available, leakProfile())
	}
	if !lp.Available {
		if len(lp.Leaked) > 0 {
			t.Errorf("leaked %+v without a profile", lp.Leaked)
		}
		t.Skip("no goroutineleak profile in this toolchain: only its absence was checked")
	}
	if len(lp.Leaked) != 1 {
		t.Fatalf("leaked %+v, want plainLeak's goroutine", lp.Leaked)
	}
	g := lp.Leaked[0]
	if g.GoState != "chan send" || !strings.HasSuffix(g.Created.Func, "plainLeak") || !strings.HasSuffix(g.Created.File, "leakprofile_test.go") {
		t.Errorf("leaked %+v: want a chan send created in plainLeak", g)
	}
}

func TestPlainRunNoLeak(t *testing.T) {
	c := runChild(t, "plainends", &rt.Config{Strategy: "plain"})
	if c.code != 0 || c.result == nil || c.result.LeakProfile == nil {
		t.Fatalf("code %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	if lp := c.result.LeakProfile; lp.Available != leakProfile() || len(lp.Leaked) > 0 {
		t.Errorf("leak profile %+v, want available %v and nothing leaked", lp, leakProfile())
	}
}
