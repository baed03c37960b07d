package report

import (
	"fmt"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Strategy names a scheduling strategy of deadhunt's runtime: the
// "strategy" of a run's configuration (trigger/CONTRACT.md section 4), of
// a witness and of a search (wire.Strategy; wire.StrategyTable says what
// each does).
type Strategy = wire.Strategy

const (
	Random   = wire.Random
	PCT      = wire.PCT
	RPro     = wire.RPro
	Replay   = wire.Replay
	Directed = wire.Directed
	Plain    = wire.Plain
)

// Strategies lists every strategy, in the order CONTRACT.md section 4
// lists them.
var Strategies = wire.Strategies(nil)

// ParseStrategy returns the strategy named s.
func ParseStrategy(s string) (Strategy, error) {
	if st := Strategy(s); st.Valid() {
		return st, nil
	}
	return "", fmt.Errorf("report: unknown strategy %q (want %s)", s, JoinStrategies(Strategies))
}

// JoinStrategies lists strategies for a message: "random, pct or rpro".
func JoinStrategies(ss []Strategy) string { return wire.JoinStrategies(ss) }
