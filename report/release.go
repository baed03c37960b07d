package report

import (
	"fmt"
	"slices"
	"strings"
)

// What would have released a goroutine left blocked (Goroutine.Release),
// said so that a reader tells a test that never closed what it opened
// from code that never releases what it waits on.

// releaseVerbs says what a releasing operation does to its object.
var releaseVerbs = map[string]string{
	"Close": "closes", "Send": "sends on", "Recv": "receives from", "Recv2": "receives from",
	"Range": "receives from", "Select": "selects on", "WGDone": "calls Done on", "WGAdd": "calls Add on",
	"CondSignal": "signals", "CondBroadcast": "broadcasts on",
}

// ReleaseText is one release site of goroutine g: "leakwatch.(*Watcher).Stop
// closes (*leakwatch.Watcher).done at leakwatch.go:33:2, never reached …".
// A site in a function g is itself in says so: a worker that sends on
// the queue only its own loop drains waits on itself.
func ReleaseText(g Goroutine, r Release) string {
	reached := "never reached in this run"
	if r.Reached {
		reached = "reached in this run (for another object, or too late)"
		if onStack(g, r.At.Func) {
			reached += "; this goroutine is itself in " + r.At.Func
		}
	}
	return fmt.Sprintf("%s %s %s at %s, %s", r.At.Func, cmpOr(releaseVerbs[r.Op], r.Op), r.Obj, r.At, reached)
}

// onStack reports whether function fn (package name and function, as a
// site names it) is one of g's frames (which name the import path).
func onStack(g Goroutine, fn string) bool {
	return fn != "" && slices.ContainsFunc(g.Stack, func(fr Frame) bool {
		return fr.Func == fn || strings.HasSuffix(fr.Func, "/"+fn)
	})
}

// neverCalled returns the functions that would have released g and that
// no goroutine of the run reached, when none of g's release sites was
// reached: the test, or the code it runs, never called them.
func neverCalled(g Goroutine) []string {
	var fs []string
	for _, r := range g.Release {
		if r.Reached {
			return nil
		}
		if !slices.Contains(fs, r.At.Func) {
			fs = append(fs, r.At.Func)
		}
	}
	return fs
}

// releaseSummary is the finding's short triage: ", never called:
// leakwatch.(*Watcher).Stop" when every blocked goroutine has release
// sites none of which ran.
func (f *Finding) releaseSummary() string {
	var fs []string
	for _, g := range f.Goroutines {
		if g.ID == 1 {
			continue // the test's own goroutine: not a leak
		}
		nc := neverCalled(g)
		if len(nc) == 0 {
			return ""
		}
		for _, fn := range nc {
			if !slices.Contains(fs, fn) {
				fs = append(fs, fn)
			}
		}
	}
	if len(fs) == 0 {
		return ""
	}
	return "; never called: " + strings.Join(fs, ", ")
}
