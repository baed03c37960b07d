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
		c.Depth = wire.DefaultDepth
	}
	if c.Radius <= 0 {
		c.Radius = wire.DefaultRadius
	}
	if c.Goroutines <= 0 {
		c.Goroutines = wire.DefaultGoroutines
	}
	if c.WatchdogMS <= 0 {
		c.WatchdogMS = wire.DefaultWatchdogMS
	}
	return nil
}
