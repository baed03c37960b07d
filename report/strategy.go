package report

import (
	"fmt"
	"slices"
	"strings"
)

// Strategy names a scheduling strategy of deadhunt's runtime: the
// "strategy" of a run's configuration (trigger/CONTRACT.md section 4), of
// a witness and of a search. Its JSON form is the name itself.
type Strategy string

const (
	Random   Strategy = "random"   // a random walk over the enabled goroutines
	PCT      Strategy = "pct"      // PCT: d-1 change points among all steps
	RPro     Strategy = "rpro"     // radius-aware PCT: change points within a radius of the first
	Replay   Strategy = "replay"   // follows a recorded schedule
	Directed Strategy = "directed" // RPro counting only a prediction's acquisitions and goroutines
	Plain    Strategy = "plain"    // no control: every operation passes through
)

// Strategies lists every strategy, in the order CONTRACT.md section 4
// lists them. The runtime (trigger/rt) parses the same names.
var Strategies = []Strategy{Random, PCT, RPro, Replay, Directed, Plain}

// ParseStrategy returns the strategy named s.
func ParseStrategy(s string) (Strategy, error) {
	if st := Strategy(s); st.Valid() {
		return st, nil
	}
	return "", fmt.Errorf("report: unknown strategy %q (want %s)", s, JoinStrategies(Strategies))
}

// Valid reports whether s is a known strategy.
func (s Strategy) Valid() bool { return slices.Contains(Strategies, s) }

func (s Strategy) String() string { return string(s) }

// JoinStrategies lists strategies for a message: "random, pct or rpro".
func JoinStrategies(ss []Strategy) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = string(s)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
