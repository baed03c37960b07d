package rt_test

import (
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestStrategyNamesMatchReport: the runtime accepts exactly the strategies
// the driver may name in a configuration (report.Strategies). The runtime
// imports only the standard library, so it keeps its own list.
func TestStrategyNamesMatchReport(t *testing.T) {
	var got, want []string
	for _, s := range rt.StrategyNames {
		got = append(got, string(s))
	}
	for _, s := range report.Strategies {
		want = append(want, string(s))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the runtime accepts %q, report.Strategies are %q", got, want)
	}
	for _, s := range report.Strategies {
		if err := rt.CheckConfig(rt.Config{Strategy: rt.Strategy(s), Replay: "schedule.json"}); err != nil {
			t.Errorf("strategy %q: %v", s, err)
		}
	}
	if err := rt.CheckConfig(rt.Config{Strategy: "stress"}); err == nil {
		t.Errorf("strategy stress accepted")
	}
}
