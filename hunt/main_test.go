package hunt

import (
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	drivertest.Cleanup()
	os.Exit(code)
}

// observed is an Observer that keeps what it is told.
type observed struct {
	mu       sync.Mutex
	stages   []string
	warnings []string
	finished []driver.Progress // the last Run call of each test
}

func (o *observed) Stage(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.stages = append(o.stages, line)
}

func (o *observed) Warning(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.warnings = append(o.warnings, line)
}

func (o *observed) Run(p driver.Progress) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p.Finished {
		o.finished = append(o.finished, p)
	}
}

// staged reports whether a stage line contains text.
func (o *observed) staged(text string) bool {
	for _, s := range o.stages {
		if strings.Contains(s, text) {
			return true
		}
	}
	return false
}

// fakeConfig is a configuration that runs the fake package's tests in a
// fresh module, one process at a time, with no static analyzer.
func fakeConfig(t *testing.T, tests ...string) (Config, *hunttest.Builder, *observed) {
	b := &hunttest.Builder{T: t, Tests: tests}
	o := &observed{}
	return Config{Dir: hunttest.Module(t), Parallel: 1, Runs: 10, Build: b.Build, Observer: o}, b, o
}

// confirm runs Confirm on ./... and fails the test on an error.
func confirm(t *testing.T, cfg Config) *Result {
	t.Helper()
	res, err := Confirm(t.Context(), cfg, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// testLines are the hunt's one-line accounts of its tests, as confirm
// prints them.
func testLines(sum *driver.Summary) string {
	var lines []string
	for _, st := range sum.Tests {
		lines = append(lines, st.String())
	}
	return strings.Join(lines, "\n")
}
