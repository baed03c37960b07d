package rt_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// soloThenMix: the test goroutine works alone (mutexes, a buffered
// channel, a WaitGroup's Add), then beside goroutines that contend
// (handoverMix), then alone again once they ended.
func soloThenMix() {
	var mu sync.Mutex
	buf := make(chan int, 4)
	alone := func() {
		for i := range 30 {
			rt.Lock(&mu, at("Lock", "s.mu"))
			rt.Send(buf, i, at("Send", ""))
			rt.Unlock(&mu, at("Unlock", "s.mu"))
			rt.Recv(buf, at("Recv", ""))
		}
	}
	alone()
	handoverMix(false)()
	alone()
}

// TestSoleKeepsSchedules: a decision among one enabled goroutine taken
// without the full evaluation (chooseSole) chooses, counts change points
// and keeps fairness as the full one: a seed gives one schedule, with
// it and without it; and it is taken.
func TestSoleKeepsSchedules(t *testing.T) {
	defer rt.SetSole(rt.SetSole(true))
	for _, strategy := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 8; seed++ {
			cfg := rt.Config{Strategy: strategy, Seed: seed, Depth: 3, Steps: 300, WatchdogMS: 1000}
			rt.SetSole(true)
			with := resultOf(t, cfg, soloThenMix)
			soles := rt.SoleDecisions()
			rt.SetSole(false)
			without := resultOf(t, cfg, soloThenMix)
			if rt.SoleDecisions() != 0 {
				t.Fatalf("%s seed %d: %d sole decisions with them off", strategy, seed, rt.SoleDecisions())
			}
			if soles < 100 {
				t.Errorf("%s seed %d: %d sole decisions, want the solo stretches' (over 100)", strategy, seed, soles)
			}
			if with != without {
				t.Errorf("%s seed %d: runs differ:\nwith    %s\nwithout %s", strategy, seed, with, without)
			}
		}
	}
}

// TestSoleNotDirected: the directed strategy, which has pct's methods but
// holds goroutines back by a view of its own, takes every decision in
// full.
func TestSoleNotDirected(t *testing.T) {
	defer rt.SetSole(rt.SetSole(true))
	cfg := rt.Config{Strategy: "directed", Seed: 1, Depth: 3, Steps: 2, Radius: 2, Goroutines: 5, WatchdogMS: 1000,
		Target: &rt.Targets{Classes: []string{"s.mu", "p.mu"}}}
	resultOf(t, cfg, soloThenMix)
	if n := rt.SoleDecisions(); n != 0 {
		t.Errorf("directed: %d decisions taken alone, want none", n)
	}
}

// resultOf is a run's schedule (change points marked) and counts.
func resultOf(t *testing.T, cfg rt.Config, body func()) string {
	t.Helper()
	r, err := rt.RunScenario(cfg, 20*time.Second, body)
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%+v: %v, deadlock %+v", cfg, err, r)
	}
	return fmt.Sprint(r.Steps, r.Acquisitions, r.Schedule)
}
