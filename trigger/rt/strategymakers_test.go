package rt

import (
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Every strategy of the table has its maker but plain (no scheduler), and
// no maker is missing from the table.
func TestStrategyMakers(t *testing.T) {
	for _, e := range wire.StrategyTable {
		if _, ok := strategyMakers[e.Name]; ok == (e.Name == plainStrategy) {
			t.Errorf("strategy %q: maker registered %v", e.Name, ok)
		}
	}
	for name := range strategyMakers {
		if !name.Valid() {
			t.Errorf("maker of %q, a strategy the table lacks", name)
		}
	}
}
