package rt_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// afterAbandonsSender: a worker does some locked work, then sends its
// answer on an unbuffered channel while the caller selects on it and on a
// short time.After; when the timer wins, the worker is left blocked for
// good.
func afterAbandonsSender() {
	ch := make(chan int)
	rt.Go(at("Go", ""), func() {
		var mu sync.Mutex
		for i := 0; i < 5; i++ {
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
		rt.Send(ch, 1, at("Send", ""))
	})
	rt.Select(at("Select", ""), false, rt.RecvCase(ch, nil, nil), rt.RecvCase(rt.After(500*time.Microsecond, at("After", "")), nil, nil))
}

// TestAfterAbandonsSender: the timer fires early (within its window) in
// some seeds and not in others, the abandoned sender is reported, and its
// schedule replays.
func TestAfterAbandonsSender(t *testing.T) {
	var hit *rt.Result
	pass := 0
	for seed := uint64(1); seed <= 20; seed++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, 10*time.Second, afterAbandonsSender)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Deadlock == nil {
			pass++
		} else if hit == nil {
			hit = r
		}
	}
	if hit == nil || pass == 0 {
		t.Fatalf("over 20 seeds: %d passed, deadlock %v: want both", pass, hit != nil)
	}
	if hit.Deadlock.Kind != "blocked" {
		t.Errorf("kind %s, want blocked", hit.Deadlock.Kind)
	}
	fires := 0
	for _, s := range hit.Schedule {
		if s.Goroutine == 0 && s.Op == "Fire" {
			fires++
		}
	}
	if fires != 1 {
		t.Errorf("schedule has %d timer firings, want 1: %+v", fires, hit.Schedule)
	}
	file := writeSchedule(t, hit.Schedule)
	for i := 0; i < 5; i++ {
		r, err := rt.RunScenario(rt.Config{Strategy: "replay", Replay: file, WatchdogMS: 20}, 10*time.Second, afterAbandonsSender)
		if err != nil || r.Deadlock == nil || len(r.Warnings) > 0 {
			t.Fatalf("replay %d: %v %+v", i, err, r)
		}
	}
}

// TestDeadlineReachesBusyConsumer: a consumer loop that stops at a 2 ms
// context deadline while a context-aware producer keeps its channel ready
// ends in every strategy: the deadline is due after 2 ms of steps.
func TestDeadlineReachesBusyConsumer(t *testing.T) {
	body := func() {
		ctx, cancel := rt.WithTimeout(context.Background(), 2*time.Millisecond, at("WithTimeout", ""))
		defer cancel()
		ch := make(chan int)
		done := make(chan bool)
		rt.Go(at("Go", ""), func() {
			for i := 0; ; i++ {
				if rt.Select(at("Select", ""), false, rt.SendCase(ch, i), rt.RecvCase(ctx.Done(), nil, nil)) == 1 {
					rt.Close(done, at("Close", ""))
					return
				}
			}
		})
		for rt.Select(at("Select", ""), false, rt.RecvCase(ch, nil, nil), rt.RecvCase(ctx.Done(), nil, nil)) == 0 {
		}
		rt.Recv(done, at("Recv", ""))
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			panic(ctx.Err())
		}
	}
	for _, strat := range []rt.Strategy{"random", "pct", "rpro"} {
		for seed := uint64(1); seed <= 5; seed++ {
			r, err := rt.RunScenario(rt.Config{Strategy: strat, Seed: seed, WatchdogMS: 20}, 10*time.Second, body)
			if err != nil || r.Deadlock != nil {
				t.Fatalf("%s seed %d: %v %+v", strat, seed, err, r)
			}
		}
	}
}

// TestTimerStopReset: Stop and Reset report whether the timer was active,
// and no stale value is received after them (Go 1.23 timers).
func TestTimerStopReset(t *testing.T) {
	var got []bool
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		tm := rt.NewTimer(time.Millisecond, at("NewTimer", ""))
		got = append(got, rt.TimerStop(tm, at("Stop", "")))      // pending: true
		got = append(got, rt.TimerReset(tm, 0, at("Reset", ""))) // stopped: false
		rt.Sleep(time.Millisecond, at("Sleep", ""))              // it fires meanwhile
		got = append(got, rt.TimerStop(tm, at("Stop", "")))      // fired, not received: true, drained
		_, ok := rt.Select(at("Select", ""), true, rt.RecvCase(tm.C, nil, nil)), true
		got = append(got, ok && len(tm.C) == 0)
		rt.TimerReset(tm, time.Millisecond, at("Reset", ""))
		rt.Recv(tm.C, at("Recv", ""))
		got = append(got, rt.TimerStop(tm, at("Stop", ""))) // received: false
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	want := []bool{true, false, true, true, false}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// TestTimerStoppedOutside: a *time.Timer stopped by code that is not
// instrumented does not fire.
func TestTimerStoppedOutside(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		tm := rt.NewTimer(time.Millisecond, at("NewTimer", ""))
		if !tm.Stop() {
			panic("Stop of a pending timer reported false")
		}
		if rt.Select(at("Select", ""), false, rt.RecvCase(tm.C, nil, nil), rt.RecvCase(rt.After(2*time.Millisecond, at("After", "")), nil, nil)) != 1 {
			panic("a stopped timer fired")
		}
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
}

// TestAfterFuncCallbackIsManaged: an AfterFunc callback runs on a managed
// goroutine created at the AfterFunc call: one that returns holding a lock
// leaves a later Lock blocked for good, which is reported.
func TestAfterFuncCallbackIsManaged(t *testing.T) {
	afterFunc := at("AfterFunc", "")
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		var mu sync.Mutex
		rt.AfterFunc(time.Millisecond, func() { rt.Lock(&mu, at("Lock", "p.mu")) }, afterFunc)
		rt.Go(at("Go", ""), func() {
			rt.Sleep(2*time.Millisecond, at("Sleep", ""))
			rt.Lock(&mu, at("Lock", "p.mu"))
		})
	})
	if err != nil || r.Deadlock == nil {
		t.Fatalf("want a deadlock: %v %+v", err, r)
	}
	created := false
	for _, s := range r.Schedule {
		created = created || s.Op == "Start" && s.Site == afterFunc.String()
	}
	if !created {
		t.Errorf("no goroutine started at the AfterFunc call: %+v", r.Schedule)
	}
}

// TestAfterFuncStop: a stopped AfterFunc never runs.
func TestAfterFuncStop(t *testing.T) {
	ran := false
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		tm := rt.AfterFunc(time.Millisecond, func() { ran = true }, at("AfterFunc", ""))
		if !rt.TimerStop(tm, at("Stop", "")) {
			panic("Stop of a pending AfterFunc reported false")
		}
		rt.Sleep(time.Second, at("Sleep", ""))
	})
	if err != nil || r.Deadlock != nil || ran {
		t.Fatalf("%v %+v ran=%v", err, r, ran)
	}
}

// TestTickerOnVirtualClock: five ticks of a 1 ms ticker take 5 ms of the
// virtual clock.
func TestTickerOnVirtualClock(t *testing.T) {
	var took time.Duration
	r, err := rt.RunScenario(rt.Config{Strategy: "pct", Seed: 2, WatchdogMS: 20}, 10*time.Second, func() {
		start := rt.Now(nil)
		tk := rt.NewTicker(time.Millisecond, at("NewTicker", ""))
		for i := 0; i < 5; i++ {
			rt.Recv(tk.C, at("Recv", ""))
		}
		rt.TickerStop(tk, at("Stop", ""))
		took = rt.Since(start, nil)
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if took < 5*time.Millisecond || took > 6*time.Millisecond {
		t.Errorf("5 ticks of 1ms took %v on the virtual clock", took)
	}
}

// TestContextAcrossStdlib: a context derived from a virtual one by the
// standard library is cancelled at the virtual deadline with its error and
// cause; context.Cause and Deadline agree.
func TestContextAcrossStdlib(t *testing.T) {
	var errs []error
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		start := rt.Now(nil)
		cause := errors.New("too slow")
		ctx, cancel := rt.WithTimeoutCause(context.Background(), time.Hour, cause, at("WithTimeout", ""))
		defer cancel()
		child, stop := context.WithCancel(context.WithValue(ctx, "k", 1)) // not instrumented
		defer stop()
		if dl, ok := child.Deadline(); !ok || dl.Sub(start) != time.Hour {
			panic("deadline")
		}
		rt.Recv(child.Done(), at("Recv", ""))
		errs = append(errs, child.Err(), context.Cause(child), ctx.Err(), context.Cause(ctx), rt.Cause(ctx, nil))
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	want := []string{"context deadline exceeded", "too slow", "context deadline exceeded", "too slow", "too slow"}
	for i, e := range errs {
		if e == nil || e.Error() != want[i] {
			t.Errorf("error %d: %v, want %s", i, e, want[i])
		}
	}
}

// TestContextAfterFuncIsManaged: context.AfterFunc's function runs on a
// managed goroutine created at its call when the context is cancelled:
// cancelling while holding the lock the function takes, then waiting for
// it, deadlocks.
func TestContextAfterFuncIsManaged(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		var mu sync.Mutex
		done := make(chan bool)
		ctx, cancel := rt.WithCancel(context.Background(), at("WithCancel", ""))
		rt.ContextAfterFunc(ctx, func() {
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
			rt.Close(done, at("Close", ""))
		}, at("AfterFunc", ""))
		rt.Go(at("Go", ""), func() {
			rt.Lock(&mu, at("Lock", "p.mu"))
			cancel()
			rt.Recv(done, at("Recv", ""))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		})
	})
	if err != nil || r.Deadlock == nil {
		t.Fatalf("want a deadlock: %v %+v", err, r)
	}
}

// TestNilChannelWaitText: a goroutine blocked for good on a nil channel
// (the C of an AfterFunc timer) is said to wait on a nil channel.
func TestNilChannelWaitText(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		tm := rt.AfterFunc(time.Hour, func() {}, at("AfterFunc", ""))
		rt.TimerStop(tm, at("Stop", ""))
		rt.Go(at("Go", ""), func() { rt.Recv(tm.C, at("Recv", "")) })
	})
	if err != nil || r.Deadlock == nil {
		t.Fatalf("want a goroutine blocked for good: %v %+v", err, r)
	}
	if !strings.Contains(r.Deadlock.Message, "receive from a nil channel") {
		t.Errorf("message %q does not name the nil channel", r.Deadlock.Message)
	}
}

// TestNowAfterInit: a time read while the test package initializes (a
// package variable, as puddle's nanotime base) is never after a managed
// goroutine's Now, though the scheduler was made before it.
func TestNowAfterInit(t *testing.T) {
	var start time.Time
	var since time.Duration
	_, err := rt.RunScenarioInit(rt.Config{Strategy: "random", Seed: 1}, 10*time.Second,
		func() { time.Sleep(time.Millisecond); start = time.Now() },
		func() { since = rt.Since(start, at("Since", "")) })
	if err != nil {
		t.Fatal(err)
	}
	if since < 0 {
		t.Errorf("Since of a time read at initialization: %v, want not negative", since)
	}
}

// TestLeakedTickerAfterEnd: a goroutine the test leaks, woken by a 50 µs
// ticker, is not run for the ten virtual seconds of endHorizon (200,000
// ticks; before, until the end's real-time limit: 133,231 of them) but for
// a hundred ticks; it is then still alive, waiting for its next tick past
// the horizon, and reported as a leak that outlives the test (lingering),
// as a leak check after the test would. Another leaked goroutine's
// one-second sleep still ends after the test, and the end does not wait
// in real time for the ticker's goroutine.
func TestLeakedTickerAfterEnd(t *testing.T) {
	var ticks atomic.Int64
	var woke atomic.Bool
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
		tk := rt.NewTicker(50*time.Microsecond, at("NewTicker", ""))
		rt.Go(at("Go", ""), func() {
			for {
				rt.Recv(tk.C, at("Recv", ""))
				ticks.Add(1)
			}
		})
		rt.Go(at("Go", ""), func() {
			rt.Sleep(time.Second, at("Sleep", ""))
			woke.Store(true)
		})
		rt.Sleep(time.Millisecond, at("Sleep", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Deadlock; d == nil || !d.Lingering || len(d.Goroutines) != 1 {
		t.Errorf("finding %+v: want the ticker's goroutine, lingering", d)
	}
	if n := ticks.Load(); n == 0 || n > 120 {
		t.Errorf("the leaked ticker's goroutine saw %d ticks, want at most 20 in the test and 100 after it", n)
	}
	if !woke.Load() {
		t.Error("the leaked one-second sleeper did not wake after the test")
	}
	// Nothing outside the scheduler can wake the ticker's goroutine: the
	// end does not wait a grace period for it (go-cache's janitor cost
	// 500 ms a run).
	if n := rt.EndPolls(); n != 0 {
		t.Errorf("the end polled %d times for what may come from outside", n)
	}
}

// TestLateOneShotTimer: a goroutine the test leaks waits on a channel
// while a callback the test armed is due 20 virtual seconds later, past
// endHorizon. The callback fires all the same (it could do anything):
// when it only fills a buffer, the goroutine is blocked for good; when it
// closes the channel, the goroutine ends and nothing is reported. A sleep
// armed after the end (a leaked loop's) is not fired past the horizon.
func TestLateOneShotTimer(t *testing.T) {
	for _, closes := range []bool{false, true} {
		var ended, late atomic.Bool
		r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20}, 10*time.Second, func() {
			ch, buf := make(chan struct{}), make(chan error, 1)
			rt.AfterFunc(20*time.Second, func() {
				if closes {
					rt.Close(ch, at("Close", ""))
					return
				}
				rt.Send(buf, nil, at("Send", ""))
			}, at("AfterFunc", ""))
			rt.Go(at("Go", ""), func() {
				rt.Recv(ch, at("Recv", ""))
				ended.Store(true)
			})
			rt.Go(at("Go", ""), func() {
				rt.Recv(ch, at("Recv", ""))
				rt.Sleep(20*time.Second, at("Sleep", "")) // armed after the end
				late.Store(true)
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if closes {
			if r.Deadlock != nil || !ended.Load() || late.Load() {
				t.Errorf("closing callback: finding %+v, watcher ended %v, late sleep ended %v; want none, true, false", r.Deadlock, ended.Load(), late.Load())
			}
			continue
		}
		if d := r.Deadlock; d == nil || d.Lingering || len(d.Goroutines) != 2 {
			t.Errorf("filling callback: finding %+v, want both goroutines blocked for good", d)
		}
	}
}

// TestEndStepsCapLeakedSpinner: a goroutine the test leaks that never
// stops (a reader loop on a codec that never blocks) is reported as
// running at the end (EndRunning); with EndSteps it takes at most that
// many steps after the end instead of running until the end's real-time
// limit, and is then a leak that outlives the test (lingering). Stopped
// by the real-time limit, it is no finding: a replay would not stop at
// the same step.
func TestEndStepsCapLeakedSpinner(t *testing.T) {
	for _, endSteps := range []int{0, 2000} {
		r := runLeakedSpinner(t, rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, BoundMS: 2000, EndSteps: endSteps}, 10*time.Second)
		if (r.Deadlock != nil) != (endSteps > 0) || r.Deadlock != nil && !r.Deadlock.Lingering || r.EndRunning != 1 {
			t.Errorf("EndSteps %d: deadlock %+v, %d running at the end; want a lingering leak only with EndSteps, and 1", endSteps, r.Deadlock, r.EndRunning)
		}
		switch {
		case endSteps > 0 && r.Steps > endSteps+10:
			t.Errorf("EndSteps %d: %d steps", endSteps, r.Steps)
		case endSteps == 0 && r.Steps <= 2010:
			t.Errorf("without EndSteps: %d steps, want the spinner to run until the time limit", r.Steps)
		}
	}
}

// A 1 ns ticker whose reader waits for good: once its channel is full,
// its ticks change nothing and the scheduler must not fire them at every
// decision (each firing a step and progress): it sees what is stuck.
func TestFutileTicksSkipped(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, BoundMS: 3000}, 10*time.Second, func() {
		var mu sync.Mutex
		tk := rt.NewTicker(time.Nanosecond, at("NewTicker", ""))
		never := make(chan int)
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Go(at("Go", ""), func() {
			rt.Recv(tk.C, at("Recv", ""))
			rt.Lock(&mu, at("Lock", "p.mu"))
		})
		rt.Recv(never, at("Recv", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock == nil || r.Steps > 1000 {
		t.Fatalf("deadlock %v after %d steps (%s, hang %+v), want one found within 1000", r.Deadlock, r.Steps, r.Outcome, r.Hang)
	}
}

// Two tickers nobody reads: once both channels are full, skipping one's
// ticks past the other's must not leapfrog them for good (the clock
// running away inside one decision, the run never answering): nothing
// else is due, so none fires and what is stuck is seen.
func TestFutileTickersTogether(t *testing.T) {
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 20, BoundMS: 3000}, 10*time.Second, func() {
		rt.NewTicker(5*time.Millisecond, at("NewTicker", ""))
		rt.NewTicker(7*time.Millisecond, at("NewTicker", ""))
		never := make(chan int)
		rt.Recv(never, at("Recv", ""))
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Deadlock == nil || r.Steps > 1000 {
		t.Fatalf("deadlock %v after %d steps (%s, hang %+v), want one found within 1000", r.Deadlock, r.Steps, r.Outcome, r.Hang)
	}
}
