package rt_test

import (
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
	long := func(f func(int)) func() { return func() { f(3000) } }
	bodies := []namedBody{{"lockpingpong", long(lockPingPong)}, {"chanpingpong", long(chanPingPong)}, {"lockloop", long(lockLoop)}}
	cfg := rt.Config{Depth: 3, Steps: 1000, Radius: 20, WatchdogMS: 1000}
	lines := scheduleLines(t, cfg, 3, time.Minute, bodies)
	golden.Check(t, filepath.Join("testdata", "longschedules.golden"), []byte(strings.Join(lines, "\n")+"\n"))
}
