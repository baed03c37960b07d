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
// reached when nothing called it, reached when it ran on another channel,
// never reached but called when its function ran another path — and not
// with operations on other objects or of the wrong direction.
func TestReleaseHints(t *testing.T) {
	for _, ran := range []string{"nothing", "close", "function"} {
		n := releaseTables.Add(1) // names unique to this table: tables stay registered
		done, other := fmt.Sprintf("(*p.W%d).done", n), fmt.Sprintf("(*p.W%d).flushed", n)
		table := []rt.Site{
			{File: "w.go", Line: 10, Col: 3, Func: "p.Watch.func1", Op: "Recv", Obj: done},
			{File: "w.go", Line: 20, Col: 2, Func: "p.(*W).Stop", Op: "Close", Obj: done},
			{File: "w.go", Line: 30, Col: 2, Func: "p.(*W).Flush", Op: "Close", Obj: other},
			{File: "w.go", Line: 40, Col: 2, Func: "p.(*W).Wait", Op: "Recv", Obj: done}, // receives too: releases no receiver
			{File: "w.go", Line: 18, Col: 2, Func: "p.(*W).Stop", Op: "Close", Obj: other},
		}
		rt.RegisterSites(table)
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, EndSteps: 2000}, 10*time.Second, func() {
			ch := make(chan struct{})
			rt.Go(at("Go", ""), func() { rt.Recv(ch, &table[0]) })
			switch ran {
			case "close":
				rt.Close(make(chan struct{}), &table[1]) // Stop's close, on another channel
			case "function":
				rt.Close(make(chan struct{}), &table[4]) // Stop's other close: Stop ran, not its close of done
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if r.Deadlock == nil || len(r.Deadlock.Goroutines) != 1 {
			t.Fatalf("%s ran: %+v, want one goroutine left blocked", ran, r.Deadlock)
		}
		g := r.Deadlock.Goroutines[0]
		if len(g.Release) != 1 {
			t.Fatalf("%s ran: releases %+v, want Stop's close only", ran, g.Release)
		}
		rel := g.Release[0]
		if rel.Op != "Close" || rel.Obj != done || rel.At.Func != "p.(*W).Stop" || rel.At.Line != 20 ||
			rel.Reached != (ran == "close") || rel.Called != (ran != "nothing") {
			t.Errorf("%s ran: release %+v", ran, rel)
		}
		if want := "receive from channel " + done; g.WaitsFor != want {
			t.Errorf("waits for %q, want %q", g.WaitsFor, want)
		}
	}
}
