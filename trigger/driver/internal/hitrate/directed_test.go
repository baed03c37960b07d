package main

import (
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
)

func TestWriteDirected(t *testing.T) {
	cs := []corpus.Case{
		{Name: "deadlock/a", Expect: corpus.MustConfirm, Kind: "lock-order-cycle", Depth: 2},
		{Name: "deadlock/b", Expect: corpus.MustConfirm, Kind: "rwr", Depth: 2},
		{Name: "deadlock/c", Expect: corpus.MustConfirm, Kind: "double-lock", Depth: 1},
		{Name: "deadlock/m", Expect: corpus.MustConfirm, Kind: "mixed", Depth: 1},
		{Name: "clean/x", Expect: corpus.MustSilent, Kind: "lock-order-cycle"},
	}
	rates := map[string]map[string]rate{
		"deadlock/a": {"directed": {runs: 10, deadlocks: 5, aimed: &aimed{aims: 1, firstHit: 1, k: 2, n: 3, r: 2, recorded: 6}}},
		"deadlock/b": {"directed": {runs: 10, deadlocks: 2, aimed: &aimed{aims: 1, firstHit: 4, k: 1, n: 3, r: 2, recorded: 6}}},
		"deadlock/c": {"directed": {runs: 10, deadlocks: 10, aimed: &aimed{aims: 2, firstHit: 1, k: 1, n: 2, r: 2, recorded: 6}}},
		"deadlock/m": {"directed": {note: noPrediction}},
		"clean/x":    {"directed": {note: noPrediction}},
	}
	var b strings.Builder
	writeDirected(&b, options{seeds: 10}, cs, rates)
	out := b.String()
	for _, want := range []string{
		"| deadlock/b | rwr | 2 | 1 | 1 | 3 | 2 | 6 | 4 |",
		"| clean/x | lock-order-cycle | 0 | 0 | – | – | – | – | – no prediction |",
		"3 confirmed by directed runs, 0 not; runs to confirm: median 1, max 4.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
