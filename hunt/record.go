package hunt

import (
	"context"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Record builds the packages matching patterns (./... if none) and
// records their tests' lock-order traces into .deadhunt/traces in the
// module root: each test runs once plainly, then under Config.Random
// random and Config.PCT pct schedules, each run writing its trace. The
// recording's Errors name the packages that did not build, then the tests
// that could not be recorded. If recording was interrupted, what was
// recorded comes with the error. The traces stay (Config.KeepTraces).
func Record(ctx context.Context, cfg Config, patterns []string) (*driver.Recording, error) {
	cfg.KeepTraces = true // recording is what writes them for the user
	_, built, rec, err := buildAndRecord(ctx, cfg, patterns)
	if rec != nil {
		rec.Errors = slices.Concat(built.Errors, rec.Errors)
	}
	return rec, err
}
