package driver

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A run's configuration (wire.Config, written as JSON to the file named by
// wire.ConfigEnv, CONTRACT.md section 4) and the result the runtime writes
// to its Result file (wire.Result, section 5) are wire's types.

func writeJSON(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// readResult reads a run's result file; it returns nil, nil when the run
// wrote none.
func readResult(name string) (*wire.Result, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r wire.Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("driver: result %s: %w", name, err)
	}
	if err := r.CheckValid(); err != nil {
		return nil, fmt.Errorf("driver: result %s: %w", name, err)
	}
	if c := r.ScheduleRLE; c != nil {
		if r.Schedule, err = c.Expand(); err != nil {
			return nil, fmt.Errorf("driver: result %s: report: %w", name, err)
		}
		r.ScheduleRLE = nil
	}
	return &r, nil
}
