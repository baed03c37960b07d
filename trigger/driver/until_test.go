package driver

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// With a time limit, the test with a prediction is hunted first; when the
// time is up its seeds stop (time up, after the runs it made) and a test
// not yet started is not started (time up before its hunt), neither
// counting as finished (the hunt cache keeps neither).
func TestHuntTimeUp(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestTimerNew", "TestTimerSame")
	aim := Aim{ID: "DH-0000000001", Target: wire.Target{Sites: []string{"/fake/a.go:11:2"}}, Depth: 3}
	var checks atomic.Int32
	s := hunt(t, []Package{pkg}, Options{Runs: 35, Parallel: 1, Env: env,
		Aims:    map[TestKey][]Aim{{pkg.ImportPath, "TestTimerSame"}: {aim}},
		expired: func() bool { return checks.Add(1) > 12 }})
	if len(s.Tests) != 2 || s.Tests[0].Test != "TestTimerSame" {
		t.Fatalf("tests %v; want TestTimerSame (the one with an aim) first", s.Tests)
	}
	first, second := s.Tests[0], s.Tests[1]
	if first.Stop != StopTime || first.Seeded == 0 || first.Seeded >= 35 || first.Finished() {
		t.Errorf("first: %s (%d seeded); want time up after some of its seeds", first.String(), first.Seeded)
	}
	if !strings.Contains(first.StopText(), "time up (-for) after") {
		t.Errorf("first: %q", first.StopText())
	}
	if second.Stop != StopTime || second.Runs != 0 || second.Finished() || second.StopText() != "time up (-for) before its hunt started" {
		t.Errorf("second: %s, %d runs; want not started", second.String(), second.Runs)
	}
	if ref := second.StopRef(); ref.CheckValid() != nil {
		t.Errorf("report stop %+v: %v", ref, ref.CheckValid())
	}
}
