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
	if r.Called && !r.Reached {
		reached += " (its function ran: the release is on a path it did not take)"
	}
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

// unreleased returns, when none of g's release sites was reached, the
// functions holding them that no goroutine of the run reached (the test,
// or the code it runs, never called them) and those that ran without
// taking the release's path.
func unreleased(g Goroutine) (never, skipped []string) {
	for _, r := range g.Release {
		if r.Reached {
			return nil, nil
		}
		to := &never
		if r.Called {
			to = &skipped
		}
		if !slices.Contains(*to, r.At.Func) {
			*to = append(*to, r.At.Func)
		}
	}
	return never, skipped
}

// releaseSummary is the finding's short triage: ", never called:
// leakwatch.(*Watcher).Stop" when every blocked goroutine has release
// sites none of which ran; "called without releasing: ..." names the
// functions among them that ran and took another path.
func (f *Finding) releaseSummary() string {
	var never, skipped []string
	for _, g := range f.Goroutines {
		if g.ID == 1 {
			continue // the test's own goroutine: not a leak
		}
		n, s := unreleased(g)
		if len(n) == 0 && len(s) == 0 {
			return ""
		}
		for _, fn := range n {
			if !slices.Contains(never, fn) {
				never = append(never, fn)
			}
		}
		for _, fn := range s {
			if !slices.Contains(skipped, fn) {
				skipped = append(skipped, fn)
			}
		}
	}
	var out string
	if len(never) > 0 {
		out += "; never called: " + strings.Join(never, ", ")
	}
	if len(skipped) > 0 {
		out += "; called without releasing: " + strings.Join(skipped, ", ")
	}
	return out
}
