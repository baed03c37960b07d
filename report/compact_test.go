package report

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// loopSchedule is a warm-up loop of n RLock/RUnlock pairs by goroutine 2,
// then a few steps of three goroutines.
func loopSchedule(n int) []Step {
	var s []Step
	s = append(s, Step{Goroutine: 1, Site: "/m/x_test.go:10:2", Op: "Go"}, Step{Goroutine: 1, Site: "/m/x_test.go:16:2", Op: "Go"})
	for range n {
		s = append(s, Step{Goroutine: 2, Site: "/m/x.go:18:2", Op: "RLock"}, Step{Goroutine: 2, Site: "/m/x.go:19:8", Op: "RUnlock"})
	}
	s = append(s, Step{Goroutine: 2, Site: "/m/x_test.go:13:3", Op: "Close"},
		Step{Goroutine: 2, Site: "/m/x.go:34:2", Op: "RLock", Change: true},
		Step{Goroutine: 3, Site: "/m/x_test.go:17:3", Op: "Recv"},
		Step{Goroutine: 3, Site: "/m/x.go:43:2", Op: "Lock"},
		Step{Goroutine: 2, Site: "/m/x.go:26:2", Op: "RLock"})
	return s
}

func TestCompactWitnessIsSmallAndExact(t *testing.T) {
	steps := loopSchedule(100_000)
	w := &Witness{Strategy: Random, Seed: 3, Runs: 2, Hits: 1, Schedule: steps}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 1<<20 {
		t.Errorf("a %d-step witness takes %d bytes, want at most 1 MB", len(steps), len(data))
	}
	var back Witness
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Schedule, steps) {
		t.Fatalf("schedule not decoded unchanged: %d steps back of %d", len(back.Schedule), len(steps))
	}
	if back.Seed != 3 || back.Hits != 1 {
		t.Errorf("witness fields lost: %+v", back)
	}
}

func TestCompactRandomStepsRoundTrip(t *testing.T) {
	// An irregular schedule: every step differs from its neighbours in
	// some way, with short repeats mixed in.
	var steps []Step
	for i := range 5000 {
		steps = append(steps, Step{Goroutine: 1 + i*7%5, Site: fmt.Sprintf("/m/x.go:%d:2", 10+i*13%11), Op: []string{"Lock", "Unlock", "Send"}[i*3%3], Change: i%97 == 0})
	}
	c := Compact(steps)
	back, err := c.Expand()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, steps) {
		t.Fatal("irregular schedule not decoded unchanged")
	}
}

func TestShortWitnessStaysAList(t *testing.T) {
	w := &Witness{Strategy: Random, Runs: 1, Hits: 1, Schedule: loopSchedule(3)}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw["schedule"]; !ok {
		t.Errorf("short schedule not written as a list: %s", data)
	}
	if _, ok := raw["schedule_rle"]; ok {
		t.Errorf("short schedule written compactly: %s", data)
	}
}

func TestCompactRejectsMalformed(t *testing.T) {
	for _, c := range []*CompactSchedule{
		{Sites: []string{"a"}, Ops: []string{"Lock"}, Runs: [][]int{{2, 1, 0, 0, 0}}, Steps: 3},
		{Sites: []string{"a"}, Ops: []string{"Lock"}, Runs: [][]int{{1, 1, 5, 0, 0}}, Steps: 1},
		{Sites: []string{"a"}, Ops: []string{"Lock"}, Runs: [][]int{{1, 1, 0}}, Steps: 1},
		{Sites: []string{"a"}, Ops: []string{"Lock"}, Runs: [][]int{{1 << 30, 1, 0, 0, 0}}, Steps: 1},
	} {
		if _, err := c.Expand(); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestLinkStaticSameSite(t *testing.T) {
	site := Site{File: "/m/c.go", Line: 38, Col: 2}
	static := Finding{ID: "DH-s", Kind: MissingUnlock, Package: "p", Locks: []Lock{{Class: "(*p.T).mu", Sites: []Site{site}}}}
	got := Finding{Kind: LockNeverReleased, Package: "p", Locks: []Lock{{Class: "(*p.T).mu", Sites: []Site{{File: "/m/c.go", Line: 38, Col: 11}, {File: "/m/c.go", Line: 48, Col: 11}}}}}
	if !LinkStatic(&got, &static) || got.Static == nil || got.Static.ID != "DH-s" || got.Static.Pos != "/m/c.go:38:2" {
		t.Fatalf("not linked: %+v", got.Static)
	}
	other := got
	other.Static = nil
	other.Locks = []Lock{{Class: "(*p.T).mu", Sites: []Site{{File: "/m/c.go", Line: 50}}}}
	if LinkStatic(&other, &static) {
		t.Error("linked to a missing unlock at another site")
	}
	if !strings.Contains(got.String(), "predicted statically at /m/c.go:38:2 (DH-s)") {
		t.Errorf("text does not say where it was predicted:\n%s", got.String())
	}
}

// A missing Done explains goroutines of its package blocked for good on a
// WaitGroup, and only those.
func TestLinkStaticMissingDone(t *testing.T) {
	ret := Site{File: "/m/p.go", Line: 31, Col: 4}
	static := Finding{ID: "DH-d", Kind: MissingDone, Package: "p", Locks: []Lock{{Class: "(*p.Pool).wg", Sites: []Site{ret, {File: "/m/p.go", Line: 37}}}}}
	waits := Finding{Kind: Blocked, Status: Confirmed, Package: "p", Goroutines: []Goroutine{{ID: 1, WaitsFor: "WaitGroup 0xc0000 (counter 1)"}}}
	if !LinkStatic(&waits, &static) || waits.Static == nil || waits.Static.Pos != "/m/p.go:31:4" {
		t.Fatalf("not linked: %+v", waits.Static)
	}
	recv := Finding{Kind: Blocked, Status: Confirmed, Package: "p", Goroutines: []Goroutine{{ID: 2, WaitsFor: "receive from channel 0xc0001"}}}
	elsewhere := waits
	elsewhere.Package, elsewhere.Static = "q", nil
	if LinkStatic(&recv, &static) || LinkStatic(&elsewhere, &static) {
		t.Error("a missing Done linked to a channel wait, or to another package")
	}
}
