package wire

import (
	"fmt"
	"reflect"
	"testing"
)

func TestCompactScheduleRoundTrip(t *testing.T) {
	var steps []Step
	steps = append(steps, Step{Goroutine: 1, Site: "/m/x_test.go:9:2", Op: "Go"})
	for range 100_000 {
		steps = append(steps, Step{Goroutine: 2, Site: "/m/x.go:18:2", Op: "RLock"}, Step{Goroutine: 2, Site: "/m/x.go:19:8", Op: "RUnlock"})
	}
	for i := range 3000 { // irregular tail
		steps = append(steps, Step{Goroutine: 1 + i*7%4, Site: fmt.Sprintf("/m/x.go:%d:2", i*13%11), Op: "Lock", Change: i%31 == 0})
	}
	for i := range 10 { // timers' firings, with their owners or without
		steps = append(steps, Step{Site: "/m/x.go:30:13", Op: "Fire", Owner: i % 3}, Step{Goroutine: 3, Site: "/m/x.go:30:13", Op: "Sleep"})
	}
	c := Compact(steps)
	if len(c.Runs) > 3000 {
		t.Errorf("%d runs for a loop and 3000 irregular steps", len(c.Runs))
	}
	back, err := c.Expand()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, steps) {
		t.Fatalf("decoded %d steps, not the %d encoded", len(back), len(steps))
	}
}
