package report

import (
	"bytes"
	"slices"
	"testing"

	"github.com/google/pprof/profile"
)

func TestWriteProfile(t *testing.T) {
	at := func(fn string, line int) []Frame { return []Frame{{Func: fn, File: "/m/p/p.go", Line: line}} }
	r := &Report{Version: Version, Findings: []Finding{
		{ID: "DH-never", Kind: LockNeverReleased, Status: Confirmed, Goroutines: []Goroutine{
			{ID: 1, Stack: at("p.Get", 20), WaitsFor: "Lock p.mu held by goroutine 2 (ended)"},
			{ID: 2, Stack: at("p.expire", 48), Holds: []string{"p.mu"}}}},
		{ID: "DH-hang", Kind: Hang, Status: Observed, Snapshot: &Snapshot{Class: HangSpin,
			Goroutines: []SnapGoroutine{{ID: 1, State: "spinning", Stack: at("p.poll", 7)}},
			Unmanaged:  []SnapGoroutine{{State: "leaked", GoState: "chan send", Stack: at("p.send", 9)}}}},
		{ID: "DH-pred", Kind: LockOrderCycle, Status: Unconfirmed, Locks: []Lock{
			{Class: "p.a", Sites: []Site{{File: "/m/p/p.go", Line: 3}}}, {Class: "p.b", Sites: []Site{{File: "/m/p/p.go", Line: 4}}}}},
	}}
	var buf bytes.Buffer
	if err := r.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	per := map[string][]string{} // finding ID → the innermost function of each sample
	for _, s := range p.Sample {
		id := s.Label["id"][0]
		per[id] = append(per[id], s.Location[0].Line[0].Function.Name)
		if id == "DH-never" && s.Label["kind"][0] != "lock-never-released" {
			t.Errorf("labels %v", s.Label)
		}
	}
	want := map[string][]string{"DH-never": {"p.Get", "p.expire"}, "DH-hang": {"p.poll", "p.send"}, "DH-pred": {"", ""}}
	for id, fns := range want {
		if !slices.Equal(per[id], fns) {
			t.Errorf("%s: samples at %q, want %q", id, per[id], fns)
		}
	}
	if p.SampleType[0].Type != "goroutines" || len(p.Sample) != 6 {
		t.Errorf("%s, %d samples", p.SampleType[0].Type, len(p.Sample))
	}
}
