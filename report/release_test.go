package report

import (
	"strings"
	"testing"
)

// A leaked goroutine whose release sites never ran says which function the
// test never called, on the summary line and beside the goroutine; one
// whose release ran (on another object) does not blame a missing call.
func TestReleaseTriage(t *testing.T) {
	stop := Release{Obj: "(*p.W).done", Op: "Close", At: Site{File: "w.go", Line: 20, Col: 2, Func: "p.(*W).Stop"}}
	for _, reached := range []bool{false, true} {
		stop.Reached = reached
		f := Finding{ID: "DH-1", Kind: Blocked, Status: Confirmed, Package: "p", Test: "TestW",
			Goroutines: []Goroutine{{ID: 2, WaitsFor: "receive from channel (*p.W).done", Release: []Release{stop}}}}
		sum, text := f.Summary(), f.String()
		if got := strings.Contains(sum, "never called: p.(*W).Stop"); got == reached {
			t.Errorf("reached %v: summary %q", reached, sum)
		}
		want := "would be released by: p.(*W).Stop closes (*p.W).done at w.go:20:2, never reached in this run"
		if reached {
			want = "would be released by: p.(*W).Stop closes (*p.W).done at w.go:20:2, reached in this run"
		}
		if !strings.Contains(text, want) {
			t.Errorf("reached %v: text lacks %q:\n%s", reached, want, text)
		}
	}
}

// A goroutine blocked where only its own function would release it (a
// worker sending on the queue its loop drains) is told so.
func TestReleaseOnOwnStack(t *testing.T) {
	recv := Release{Obj: "(*q.Queue).tasks", Op: "Recv", Reached: true, At: Site{File: "q.go", Line: 36, Col: 2, Func: "q.(*Queue).Work"}}
	g := Goroutine{ID: 2, WaitsFor: "send on channel (*q.Queue).tasks", Release: []Release{recv},
		Stack: []Frame{{Func: "example.com/q.(*Queue).Work", File: "q.go", Line: 45}}}
	want := "reached in this run (for another object, or too late); this goroutine is itself in q.(*Queue).Work"
	if got := ReleaseText(g, recv); !strings.HasSuffix(got, want) {
		t.Errorf("own stack: %q, want it to end %q", got, want)
	}
	g.Stack[0].Func = "example.com/q.(*Queue).Submit"
	if got := ReleaseText(g, recv); strings.Contains(got, "itself") {
		t.Errorf("another function on the stack: %q", got)
	}
}
