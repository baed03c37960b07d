package rt_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// soloThenMix: the test goroutine works alone (a mutex, a buffered
// channel), then beside goroutines that contend (handoverMix), then
// alone again once they ended.
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

// soloWithTimers: soloThenMix with timers pending: a deadline an hour
// away all along (left alone), and in the solo stretches a timer a few
// steps ahead (due, or near enough to fire early: decided in full) and
// sleeps.
func soloWithTimers() {
	ctx, cancel := rt.WithTimeout(context.Background(), time.Hour, at("WithTimeout", ""))
	defer cancel()
	var mu sync.Mutex
	for i := range 40 {
		if i%10 == 0 {
			rt.AfterFuncValue(at("AfterFunc", ""))(time.Duration(i)*time.Microsecond, func() {})
			rt.Sleep(time.Microsecond, at("Sleep", ""))
		}
		rt.Lock(&mu, at("Lock", "t.mu"))
		rt.Unlock(&mu, at("Unlock", "t.mu"))
	}
	soloThenMix()
	if ctx.Err() != nil {
		panic("the hour passed")
	}
}

// aloneWithDeadline: one goroutine, a deadline an hour away: each of its
// decisions has an alternative (the timer could fire), so a run is not
// one with no choice at all.
func aloneWithDeadline() {
	ctx, cancel := rt.WithTimeout(context.Background(), time.Hour, at("WithTimeout", ""))
	defer cancel()
	var mu sync.Mutex
	for range 60 {
		rt.Lock(&mu, at("Lock", "d.mu"))
		rt.Unlock(&mu, at("Unlock", "d.mu"))
	}
	if ctx.Err() != nil {
		panic("the hour passed")
	}
}

// TestSoleKeepsSchedules: a decision among one enabled goroutine taken
// without the full evaluation (chooseSole) chooses, counts change points
// and keeps fairness as the full one: a seed gives one schedule, with
// it and without it; and it is taken.
func TestSoleKeepsSchedules(t *testing.T) {
	defer rt.SetSole(rt.SetSole(true))
	for _, body := range []struct {
		name string
		f    func()
	}{{"solo", soloThenMix}, {"timers", soloWithTimers}, {"deadline", aloneWithDeadline}} {
		for _, strategy := range []rt.Strategy{"random", "pct", "rpro"} {
			for seed := uint64(1); seed <= 8; seed++ {
				testSole(t, body.name, body.f, rt.Config{Strategy: strategy, Seed: seed, Depth: 3, Steps: 300, WatchdogMS: 1000, Explore: true})
			}
		}
	}
}

// testSole runs body with cfg with and without the sole decisions and
// compares the runs.
func testSole(t *testing.T, name string, body func(), cfg rt.Config) {
	t.Helper()
	rt.SetSole(true)
	with := resultOf(t, cfg, body)
	soles := rt.SoleDecisions()
	rt.SetSole(false)
	without := resultOf(t, cfg, body)
	if rt.SoleDecisions() != 0 {
		t.Fatalf("%s %s seed %d: %d sole decisions with them off", name, cfg.Strategy, cfg.Seed, rt.SoleDecisions())
	}
	if soles < 100 {
		t.Errorf("%s %s seed %d: %d sole decisions, want the solo stretches' (over 100)", name, cfg.Strategy, cfg.Seed, soles)
	}
	if with != without {
		t.Errorf("%s %s seed %d: runs differ:\nwith    %s\nwithout %s", name, cfg.Strategy, cfg.Seed, with, without)
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

// resultOf is a run's schedule (change points marked), counts and what
// the explorer made of it.
func resultOf(t *testing.T, cfg rt.Config, body func()) string {
	t.Helper()
	r, err := rt.RunScenario(cfg, 20*time.Second, body)
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%+v: %v, deadlock %+v", cfg, err, r)
	}
	return fmt.Sprint(r.Steps, r.Acquisitions, r.Schedule, r.Explore, rt.ExploreChoices())
}
