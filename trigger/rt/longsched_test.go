package rt_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestLongScheduleGolden: long runs (thousands of steps) give the schedules
// they gave when the golden file was written. They reach what the short
// scenarios of TestScheduleGolden do not: the fairness bound (a goroutine
// passed over at 1000 decisions runs, the chosen one is demoted) and
// change points late in a run. Regenerate only for an intended change of
// the schedules: go test -run LongScheduleGolden -update.
func TestLongScheduleGolden(t *testing.T) {
	bodies := []struct {
		name string
		f    func(int)
	}{{"lockpingpong", lockPingPong}, {"chanpingpong", chanPingPong}, {"lockloop", lockLoop}}
	var lines []string
	for _, b := range bodies {
		for _, strat := range []rt.Strategy{"random", "pct", "rpro", "directed"} {
			for seed := uint64(1); seed <= 3; seed++ {
				cfg := rt.Config{Strategy: strat, Seed: seed, Depth: 3, Steps: 1000, Radius: 20, WatchdogMS: 1000}
				r, err := rt.RunScenario(cfg, time.Minute, func() { b.f(3000) })
				if err != nil {
					t.Fatalf("%s %s %d: %v", b.name, strat, seed, err)
				}
				lines = append(lines, fmt.Sprintf("%s %s %d %s", b.name, strat, seed, scheduleSum(r)))
			}
		}
	}
	golden.Check(t, filepath.Join("testdata", "longschedules.golden"), []byte(strings.Join(lines, "\n")+"\n"))
}
