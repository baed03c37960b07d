package rt

import (
	"bytes"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Go's goroutine leak profile (runtime/pprof "goroutineleak": Go 1.27, or
// Go 1.26 built with GOEXPERIMENT=goroutineleakprofile) is a second oracle
// in plain runs (CONTRACT.md section 5b): its garbage collector names the
// goroutines blocked on objects that no goroutine still able to run can
// reach, which nothing can ever wake. A plain run asks it at the end of the
// test, and at its bound.

// leakedSuffix ends the state of a leaked goroutine in the profile's dump.
const leakedSuffix = " (leaked)"

// leakSettle is how long goroutines the test left behind get to end or
// block before the profile is taken.
const leakSettle = 100 * time.Millisecond

// leakDump is the profile as a goroutine dump (every goroutine, the leaked
// ones marked), parsed; nil when the toolchain has no such profile.
func leakDump() map[uint64]gdump {
	p := pprof.Lookup("goroutineleak")
	if p == nil {
		return nil
	}
	var b bytes.Buffer
	if err := p.WriteTo(&b, 2); err != nil {
		return nil
	}
	return parseDump(b.Bytes())
}

// leakedIn lists the leaked goroutines of a profile's dump, by Go ID, but
// the testing package's (the one waiting for a test that waits for good).
// Their stacks start at the first frame outside the standard library; a
// goroutine this package started for the test (Go) has no creation site:
// the dump names this package's go statement.
func leakedIn(dump map[uint64]gdump) []wire.SnapGoroutine {
	var out []wire.SnapGoroutine
	for _, id := range sortedIDs(dump) {
		d := dump[id]
		st, ok := strings.CutSuffix(d.state, leakedSuffix)
		if !ok || d.ours || len(d.frames) > 0 && strings.HasPrefix(d.frames[0].Func, "testing.") {
			continue
		}
		g := wire.SnapGoroutine{State: "leaked", GoState: st, Created: d.createdAt, Stack: d.frames}
		if strings.HasPrefix(g.Created.Func, rtPrefix) {
			g.Created = wire.Site{}
		}
		for len(g.Stack) > 1 && inGoroot(g.Stack[0].File) {
			g.Stack = g.Stack[1:]
		}
		out = append(out, g)
	}
	return out
}

// inGoroot reports whether file is a source file of the standard library.
func inGoroot(file string) bool {
	root := runtime.GOROOT()
	return root != "" && strings.HasPrefix(file, root+"/src/")
}

func sortedIDs(dump map[uint64]gdump) []uint64 {
	ids := make([]uint64, 0, len(dump))
	for id := range dump {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// checkLeaks asks the profile about the goroutines a plain test left
// behind (base: the goroutines alive when it started). They first get
// leakSettle to end, or to stop running; none left means no leak, without
// the profile's garbage collection.
func checkLeaks(base int) *wire.LeakProfile {
	if pprof.Lookup("goroutineleak") == nil {
		return &wire.LeakProfile{}
	}
	lp := &wire.LeakProfile{Available: true}
	for end := time.Now().Add(leakSettle); ; time.Sleep(time.Millisecond) {
		if runtime.NumGoroutine() <= base {
			return lp
		}
		if time.Now().After(end) || !anyRunning(dumpAll()) {
			break
		}
	}
	lp.Leaked = leakedIn(leakDump())
	return lp
}

// anyRunning reports whether a goroutine of the test's code (not the
// testing package's, not this package's) is running or runnable.
func anyRunning(dump map[uint64]gdump) bool {
	for _, x := range unmanaged(dump, nil) {
		if isRunning(x.GoState) {
			return true
		}
	}
	return false
}
