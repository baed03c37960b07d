package rt_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

var releaseTables atomic.Int32

// TestReleaseHints: a goroutine the test leaves blocked receiving from a
// named channel is shown with the close that would release it — never
// reached when nothing called it, reached when it ran on another channel
// — and not with operations on other objects or of the wrong direction.
func TestReleaseHints(t *testing.T) {
	for _, stopRan := range []bool{false, true} {
		n := releaseTables.Add(1) // names unique to this table: tables stay registered
		done, other := fmt.Sprintf("(*p.W%d).done", n), fmt.Sprintf("(*p.W%d).flushed", n)
		table := []rt.Site{
			{File: "w.go", Line: 10, Col: 3, Func: "p.Watch.func1", Op: "Recv", Obj: done},
			{File: "w.go", Line: 20, Col: 2, Func: "p.(*W).Stop", Op: "Close", Obj: done},
			{File: "w.go", Line: 30, Col: 2, Func: "p.(*W).Flush", Op: "Close", Obj: other},
			{File: "w.go", Line: 40, Col: 2, Func: "p.(*W).Wait", Op: "Recv", Obj: done}, // receives too: releases no receiver
		}
		rt.RegisterSites(table)
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, EndSteps: 2000}, 10*time.Second, func() {
			ch := make(chan struct{})
			rt.Go(at("Go", ""), func() { rt.Recv(ch, &table[0]) })
			if stopRan {
				rt.Close(make(chan struct{}), &table[1]) // Stop's close, on another channel
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock == nil || len(r.Deadlock.Goroutines) != 1 {
			t.Fatalf("stop ran %v: %+v, want one goroutine left blocked", stopRan, r.Deadlock)
		}
		g := r.Deadlock.Goroutines[0]
		if len(g.Release) != 1 {
			t.Fatalf("stop ran %v: releases %+v, want Stop's close only", stopRan, g.Release)
		}
		rel := g.Release[0]
		if rel.Op != "Close" || rel.Obj != done || rel.At.Func != "p.(*W).Stop" || rel.At.Line != 20 || rel.Reached != stopRan {
			t.Errorf("stop ran %v: release %+v", stopRan, rel)
		}
		if want := "receive from channel " + done; g.WaitsFor != want {
			t.Errorf("waits for %q, want %q", g.WaitsFor, want)
		}
	}
}
