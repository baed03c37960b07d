package rt

import (
	"encoding/json"
	"fmt"
	"os"
)

// config is the run configuration the driver writes (CONTRACT.md section 4).
type config struct {
	Strategy   strategyName `json:"strategy"`
	Seed       uint64       `json:"seed"`
	Depth      int          `json:"depth"`
	Radius     int          `json:"radius"`
	Steps      int          `json:"steps"`
	Goroutines int          `json:"goroutines"`
	Replay     string       `json:"replay"`
	Target     targets      `json:"target"`
	Result     string       `json:"result"`
	Trace      string       `json:"trace"`
	WatchdogMS int          `json:"watchdog_ms"`
	// Explore asks for the run's report on its interleavings (explore.go).
	Explore bool `json:"explore"`
	// ScheduleIfDeadlock leaves the schedule out of a result without a
	// deadlock: the driver replays only deadlocks, and a long schedule is
	// most of the cost of writing and reading a result.
	ScheduleIfDeadlock bool `json:"schedule_if_deadlock"`
	// BoundMS is the run's time bound: the runtime stops the run there
	// and records a snapshot (snapshot.go); 0: no bound.
	BoundMS int `json:"bound_ms"`
	// EndSteps caps the steps that goroutines the test leaked may take
	// after its end while they keep running (0: only the end's time
	// limits, testing.go). The driver sets it once a test's calibration
	// showed leaked goroutines that never stop (result.EndRunning).
	EndSteps int `json:"end_steps"`
}

// strategyName names a strategy as the configuration does. The driver's
// names are report.Strategy; this package imports only the standard
// library, so it keeps its own list, which the driver's tests check
// against report's.
type strategyName string

const (
	randomStrategy   strategyName = "random"
	pctStrategy      strategyName = "pct"
	rproStrategy     strategyName = "rpro"
	directedStrategy strategyName = "directed"
	replayStrategy   strategyName = "replay"
	plainStrategy    strategyName = "plain"
)

// strategyNames lists every strategy a configuration may name.
var strategyNames = []strategyName{randomStrategy, pctStrategy, rproStrategy, directedStrategy, replayStrategy, plainStrategy}

// targets are the lock classes and sites the directed strategy counts, the
// creation sites of the goroutines it orders (empty: every goroutine), and
// the held sites (acquisitions of the cycle edges' first locks) where one
// change point goes, with their k.
type targets struct {
	Classes    []string `json:"classes"`
	Sites      []string `json:"sites"`
	Goroutines []string `json:"goroutines"`
	HeldSites  []string `json:"held_sites"`
	HeldSteps  int      `json:"held_steps"`
	// Postpone and Until: a goroutine about to step at a Postpone site
	// (a timer created at one, about to fire) is held back until another
	// goroutine steps at an Until site, or until nothing else can step
	// (strategy_postpone.go).
	Postpone []string `json:"postpone"`
	Until    []string `json:"until"`
}

// Defaults used when the configuration leaves a parameter at zero.
const (
	defaultDepth      = 3
	defaultRadius     = 8
	defaultSteps      = 200 // pct: scheduling steps
	defaultAcqs       = 50  // rpro, directed: lock acquisitions
	defaultGoroutines = 4
	defaultWatchdogMS = 50
)

// loadConfig reads the configuration file named by DEADHUNT_CONFIG.
func loadConfig(name string) (config, error) {
	var c config
	data, err := os.ReadFile(name)
	if err != nil {
		return c, fmt.Errorf("rt: %w", err)
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return c, fmt.Errorf("rt: %s: %w", name, err)
	}
	return c, c.check()
}

// check validates the configuration and fills in defaults.
func (c *config) check() error {
	if c.Strategy == "" {
		c.Strategy = randomStrategy
	}
	known := false
	for _, s := range strategyNames {
		known = known || s == c.Strategy
	}
	if !known {
		return fmt.Errorf("rt: unknown strategy %q", c.Strategy)
	}
	if c.Strategy == replayStrategy && c.Replay == "" {
		return fmt.Errorf("rt: strategy replay needs a replay schedule")
	}
	if c.Depth <= 0 {
		c.Depth = defaultDepth
	}
	if c.Radius <= 0 {
		c.Radius = defaultRadius
	}
	if c.Goroutines <= 0 {
		c.Goroutines = defaultGoroutines
	}
	if c.WatchdogMS <= 0 {
		c.WatchdogMS = defaultWatchdogMS
	}
	return nil
}
