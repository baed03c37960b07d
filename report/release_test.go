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

// A release site on a path its function did not take, in a function
// that ran, is not blamed on a missing call.
func TestReleaseSkipped(t *testing.T) {
	cl := Release{Obj: "(*p.T).errorChan", Op: "Close", Called: true, At: Site{File: "t.go", Line: 51, Col: 3, Func: "p.(*T).Close"}}
	f := Finding{ID: "DH-1", Kind: Blocked, Status: Confirmed, Package: "p", Test: "TestT",
		Goroutines: []Goroutine{{ID: 2, WaitsFor: "receive from channel (*p.T).errorChan", Release: []Release{cl}}}}
	sum, text := f.Summary(), f.String()
	if strings.Contains(sum, "never called") || !strings.Contains(sum, "called without releasing: p.(*T).Close") {
		t.Errorf("summary %q", sum)
	}
	if want := "never reached in this run (its function ran: the release is on a path it did not take)"; !strings.Contains(text, want) {
		t.Errorf("text lacks %q:\n%s", want, text)
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

// A leaked goroutine's line says where its `go` statement was called
// from, innermost caller first, files shortened as asked.
func TestCalledFrom(t *testing.T) {
	g := Goroutine{ID: 2, Created: Site{File: "/m/node.go", Line: 273, Col: 2},
		StartedFrom: []Frame{{Func: "example.com/raft.TestNodeStart", File: "/m/node_test.go", Line: 520}}}
	if got, want := CalledFrom(g, nil), "called from raft.TestNodeStart at /m/node_test.go:520"; got != want {
		t.Errorf("CalledFrom = %q, want %q", got, want)
	}
	g.StartedFrom = append([]Frame{{Func: "example.com/raft.helper", File: "/m/h.go", Line: 9}}, g.StartedFrom...)
	short := func(f string) string { return strings.TrimPrefix(f, "/m/") }
	if got, want := CalledFrom(g, short), "called from raft.helper at h.go:9, from raft.TestNodeStart at node_test.go:520"; got != want {
		t.Errorf("CalledFrom = %q, want %q", got, want)
	}
	f := Finding{ID: "DH-1", Kind: Blocked, Status: Confirmed, Package: "example.com/raft", Goroutines: []Goroutine{g}}
	var b strings.Builder
	if err := (&Report{Findings: []Finding{f}}).WriteTextAll(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "goroutine 2 created at /m/node.go:273:2 (called from raft.helper at /m/h.go:9, from ") {
		t.Errorf("text lacks the calls:\n%s", b.String())
	}
	if CalledFrom(Goroutine{ID: 3}, nil) != "" {
		t.Error("no calls: want nothing said")
	}
}

// Functions are named by their package's last element, a major version's
// skipped.
func TestShortFunc(t *testing.T) {
	for fn, want := range map[string]string{
		"example.com/x/abba.Transfer":         "abba.Transfer",
		"go.etcd.io/raft/v3.(*node).run":      "raft.(*node).run",
		"go.etcd.io/raft/v3/rafttest.TestX":   "rafttest.TestX",
		"example.com/x/vault.Open":            "vault.Open",
		"example.com/x/v2beta.F":              "v2beta.F",
		"main.main":                           "main.main",
		"github.com/hashicorp/memberlist.New": "memberlist.New",
	} {
		if got := ShortFunc(fn); got != want {
			t.Errorf("ShortFunc(%q) = %q, want %q", fn, got, want)
		}
	}
}
