package rt_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestManyScheduleGolden: runs with more goroutines enabled at once than
// the short list holds (enset.go's smallMax), where the enabled place and
// the strategies' priorities and fairness counts are kept incrementally,
// give the schedules they gave when the golden file was written: many
// lockers handing one mutex on (its waiters enter and leave the enabled
// place at every hand-off, and some pass the fairness bound), and the
// mixed workload at 40 goroutines. Regenerate only for an intended change
// of the schedules: go test -run ManyScheduleGolden -update.
func TestManyScheduleGolden(t *testing.T) {
	bodies := []namedBody{{"lockers", handOffLockers(60, 40)}, {"workload", mixedWorkload(40)}}
	cfg := rt.Config{Depth: 3, Steps: 2000, Radius: 20, WatchdogMS: 1000}
	lines := scheduleLines(t, cfg, 3, time.Minute, bodies)
	golden.Check(t, filepath.Join("testdata", "manyschedules.golden"), []byte(strings.Join(lines, "\n")+"\n"))
}

// handOffLockers: n goroutines each take and release one mutex rounds times.
//
//line manysched_test.go:50
func handOffLockers(n, rounds int) func() {
	return func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		rt.WGAdd(&wg, n, at("WGAdd", ""))
		for range n {
			rt.Go(at("Go", ""), func() {
				for range rounds {
					rt.Lock(&mu, at("Lock", "m.mu"))
					rt.Unlock(&mu, at("Unlock", "m.mu"))
				}
				rt.WGDone(&wg, at("WGDone", ""))
			})
		}
		rt.WGWait(&wg, at("WGWait", ""))
	}
}
