package rt

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// config is the run configuration the driver writes (wire.Config,
// CONTRACT.md section 4); targets are its directed strategy's targets.
type (
	config  = wire.Config
	targets = wire.Target
)

// plainStrategy runs without a scheduler (sched.go).
const plainStrategy = wire.Plain

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
	return c, check(&c)
}

// check validates the configuration and fills in defaults.
func check(c *config) error {
	if c.Strategy == "" {
		c.Strategy = wire.DefaultStrategy
	}
	info, ok := c.Strategy.Info()
	if !ok {
		return fmt.Errorf("rt: unknown strategy %q", c.Strategy)
	}
	if info.NeedsReplay && c.Replay == "" {
		return fmt.Errorf("rt: strategy %s needs a replay schedule", c.Strategy)
	}
	if c.Target == nil {
		c.Target = &targets{}
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
