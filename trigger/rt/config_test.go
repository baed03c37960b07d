package rt_test

import (
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// TestCheckConfigStrategies: the runtime accepts every strategy of the
// table, replay only with a schedule, and no other name.
func TestCheckConfigStrategies(t *testing.T) {
	for _, e := range wire.StrategyTable {
		if err := rt.CheckConfig(rt.Config{Strategy: e.Name, Replay: "schedule.json"}); err != nil {
			t.Errorf("strategy %q: %v", e.Name, err)
		}
		if err := rt.CheckConfig(rt.Config{Strategy: e.Name}); (err != nil) != e.NeedsReplay {
			t.Errorf("strategy %q without a schedule: %v", e.Name, err)
		}
	}
	if err := rt.CheckConfig(rt.Config{Strategy: "stress"}); err == nil {
		t.Errorf("strategy stress accepted")
	}
}
