package driver

import (
	"testing"
)

// Progress tells a test's start, each run counted with its outcome, the
// finding a replay confirmed, and the end, in that order.
func TestProgressEvents(t *testing.T) {
	pkg, env, _ := fakePackage(t, "TestDeadlock")
	var got []Progress
	opts := Options{Runs: 5, Parallel: 1, Env: env, WorkDir: t.TempDir(), Progress: func(p Progress) { got = append(got, p) }}
	s := hunt(t, []Package{pkg}, opts)
	if len(got) < 3 || !got[0].Started || !got[len(got)-1].Finished || got[len(got)-1].Stats.Runs != s.Tests[0].Runs {
		t.Fatalf("progress %+v; want a start first and the end last", got)
	}
	runs, deadlocks, confirmed := 0, 0, 0
	for _, p := range got {
		if p.Run != nil {
			runs++
			if p.Run.Outcome == Deadlock {
				deadlocks++
			}
		}
		if f := p.Confirmed; f != nil {
			confirmed++
			if f.ID != s.Findings[0].ID || f.Witness == nil || f.Witness.Runs != p.Done {
				t.Errorf("confirmed %s with witness %+v at run %d; want %s, its runs so far", f.ID, f.Witness, p.Done, s.Findings[0].ID)
			}
			if deadlocks == 0 {
				t.Error("confirmed before any run deadlocked")
			}
		}
	}
	if runs != s.Tests[0].Runs || confirmed != 1 {
		t.Errorf("%d run(s) and %d confirmation(s) told; want the %d runs counted and one", runs, confirmed, s.Tests[0].Runs)
	}
}
