package rt

import (
	"runtime"
	"testing"
	"time"
)

// TestIdleCreditStarved: an idle period's grace counts the watchdog's
// turns, each at most idleTurn: turns a millisecond apart count in full,
// turns 50 ms apart (a process starved of CPU) count idleTurn each, and a
// new idle period starts from nothing.
func TestIdleCreditStarved(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var c idleCredit
	var got time.Duration
	for i := 1; i <= 200; i++ {
		got = c.turn(t0, t0.Add(time.Duration(i)*time.Millisecond))
	}
	if got != 200*time.Millisecond {
		t.Errorf("200 turns 1 ms apart credited %v, want 200ms", got)
	}
	t1 := t0.Add(time.Second)
	for i := 1; i <= 10; i++ {
		got = c.turn(t1, t1.Add(time.Duration(i)*50*time.Millisecond))
	}
	if want := 10 * idleTurn; got != want {
		t.Errorf("10 turns 50 ms apart in a new idle period credited %v, want %v", got, want)
	}
	if got = c.turn(t1, t1.Add(400*time.Millisecond)); got != 10*idleTurn {
		t.Errorf("a turn with the clock behind the last credited %v, want nothing more", got)
	}
}

// TestGraceOverUnseen: blocked goroutines are reported after a fifth of
// the grace period when nothing the scheduler does not see can still come,
// and after all of it while a goroutine it does not manage is alive or one
// of its goroutines is outside.
func TestGraceOverUnseen(t *testing.T) {
	sc := &sched{}
	sc.cfg.WatchdogMS = 50
	fifth := sc.grace() / 5
	if sc.graceOver(fifth - time.Millisecond) {
		t.Errorf("nothing unseen: over before a fifth (%v)", fifth)
	}
	over := false
	for range 10 { // a goroutine another test left may come and go meanwhile
		sc.clock.baseGoroutines = runtime.NumGoroutine()
		if over = sc.graceOver(fifth); over {
			break
		}
	}
	if !over {
		t.Errorf("nothing unseen: not over after a fifth (%v)", fifth)
	}
	stop := make(chan struct{})
	started := make(chan struct{})
	before := runtime.NumGoroutine()
	go func() { // not managed: it may feed a managed goroutine's channel
		close(started)
		<-stop
	}()
	<-started
	defer func() { // gone before the next test counts goroutines
		for i := 0; i < 1000 && runtime.NumGoroutine() > before; i++ {
			time.Sleep(time.Millisecond)
		}
	}()
	whole := false
	for range 10 { // counted against the goroutines alive beside it
		sc.clock.baseGoroutines = runtime.NumGoroutine() - 1
		if whole = !sc.graceOver(fifth) && sc.graceOver(sc.grace()); whole {
			break
		}
	}
	if !whole {
		t.Errorf("a goroutine not managed: want the whole grace period, %v", sc.grace())
	}
	close(stop)
	sc.gs.outside.add(1)
	if sc.graceOver(fifth) || !sc.graceOver(sc.grace()) {
		t.Errorf("a goroutine outside: want the whole grace period, %v", sc.grace())
	}
}

// TestReleaseNow: a goroutine away from instrumented code that waits on
// others (the network, an uninstrumented channel, lock or WaitGroup) is
// released at the watchdog's first look; one that sleeps or is in a
// system call after the limit; one that runs after eight limits.
func TestReleaseNow(t *testing.T) {
	const limit = 40 * time.Millisecond
	for _, c := range []struct {
		state   string
		stalled time.Duration
		want    bool
	}{
		{"IO wait", limit / 4, true},
		{"chan receive", limit / 4, true},
		{"chan send (nil chan)", limit / 4, true},
		{"select", limit / 4, true},
		{"select (no cases)", limit / 4, true},
		{"sync.Mutex.Lock", limit / 4, true},
		{"sync.WaitGroup.Wait", limit / 4, true},
		{"semacquire", limit / 4, true},
		{"sleep", limit / 4, false},
		{"sleep", limit, true},
		{"syscall", limit / 2, false},
		{"syscall", limit, true},
		{"running", limit, false},
		{"runnable", 7 * limit, false},
		{"running", 8 * limit, true},
		{"", limit / 4, false},
		{"", limit, true},
	} {
		if got := releaseNow(c.state, c.stalled, limit); got != c.want {
			t.Errorf("releaseNow(%q, %v) = %v, want %v", c.state, c.stalled, got, c.want)
		}
	}
}
