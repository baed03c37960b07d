package rt

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// replay follows a recorded schedule; when the recorded goroutine is not
// enabled (or stands at another site) the run has diverged: the step is
// reported and the rest of the run is a random walk. It applies no
// fairness bound: the schedule already holds the decisions it made.
var _ = makes(wire.Replay, func(sc *sched, rng *rand.Rand, cfg config) (strategy, error) {
	w, err := readSchedule(cfg.Replay)
	if err != nil {
		return nil, err
	}
	if err := sc.draws.follow(w.Draws); err != nil {
		return nil, fmt.Errorf("rt: replay schedule %s: %w", cfg.Replay, err)
	}
	if w.ClockBase != 0 {
		sc.clock.base, sc.clock.replayBase = time.Unix(0, w.ClockBase), w.ClockBase
	}
	return &replay{sc: sc, steps: w.Schedule, fallback: uniform{rng}}, nil
})

type replay struct {
	sc       *sched
	steps    []wire.Step
	pos      int
	diverged bool
	fallback uniform
	// awaitFrom is when the scheduler began to wait at step awaitPos of
	// the schedule for goroutines outside (awaits, clock), or zero.
	awaitFrom time.Time
	awaitPos  int
}

// maxAwait is the longest a replay waits, in real time, for the
// schedule's next goroutine to come back from outside instrumented code
// before it diverges.
const maxAwait = time.Second

// awaits reports whether the schedule's next step is a goroutine's that
// is outside instrumented code (a network read that takes longer than in
// the recorded run): the scheduler then waits for it, idle, as the
// recorded run did not need to, instead of diverging, up to maxAwait.
func (r *replay) awaits() bool {
	if r.diverged || r.pos >= len(r.steps) {
		return false
	}
	id := r.steps[r.pos].Goroutine
	if id < 1 || id > len(r.sc.gs.all) || r.sc.gs.all[id-1].state != gOutside {
		return false
	}
	return r.waiting()
}

// netPending reports whether the timer due is a test's timeout
// (timeoutShape) while the goroutines outside do not yet all wait on the
// network for good: only such a firing waits for them.
func (r *replay) netPending() bool {
	t := r.sc.clock.timers.top()
	if t == nil {
		return false
	}
	if _, ws := r.sc.timeoutShape(t); len(ws) == 0 {
		return false
	}
	return r.sc.netStuck() == nil
}

// waiting reports whether the replay has waited less than maxAwait at
// the schedule's current step, counting from the first call there.
func (r *replay) waiting() bool {
	if r.awaitFrom.IsZero() || r.awaitPos != r.pos {
		r.awaitFrom, r.awaitPos = time.Now(), r.pos
	}
	return time.Since(r.awaitFrom) < maxAwait
}

func (r *replay) newG(*g)   {}
func (r *replay) demote(*g) {}

// clock follows the schedule: a timer fires where a step of goroutine 0
// was recorded (even if the scheduler would wait for something outside
// first). A firing that must happen and that the schedule does not have is
// a divergence (the firing happens all the same).
func (r *replay) clock(n int, why fireCase) bool {
	i := r.pos
	if r.diverged {
		return clockDraw(r.fallback.rng, n, why)
	}
	if i < len(r.steps) && r.steps[i].Goroutine == 0 {
		if why == fireStalled && r.sc.gs.outside.n > 0 && r.netPending() && r.waiting() {
			// The recorded run fired it after a stall in which the
			// goroutines outside came to wait on the network for good
			// (a test's timeout then ends a deadlock: netwait.go).
			return false
		}
		r.pos++
		return true
	}
	if why == fireIdle && n > 0 && i < len(r.steps) {
		// The recorded run stepped a goroutine here, the test's end
		// say, while its clock waited in real time for what might come
		// from outside (clock.go, mayJump): next follows the schedule.
		return false
	}
	if why == fireOverdue || why == fireIdle {
		r.diverge(fmt.Sprintf("replay: diverged at step %d: a timer fires that the schedule does not have; continuing at random", i))
		return true
	}
	return false
}

// tie fires the timer the schedule names: the firing step that clock
// consumed holds its site and the goroutine that created it (a witness
// written before owners were: the first timer of the site).
func (r *replay) tie(ts []*vtimer) int {
	if !r.diverged && r.pos > 0 && r.pos <= len(r.steps) && r.steps[r.pos-1].Goroutine == 0 {
		st := r.steps[r.pos-1]
		at := func(t *vtimer) bool { return t.site.String() == st.Site }
		if i := slices.IndexFunc(ts, func(t *vtimer) bool { return t.parent == st.Owner && at(t) }); i >= 0 {
			return i
		}
		if i := slices.IndexFunc(ts, at); i >= 0 {
			return i
		}
	}
	return r.fallback.rng.IntN(len(ts))
}

func (r *replay) next(en enView) (*g, bool) {
	i := r.pos
	r.pos++
	if r.diverged {
		return r.fallback.pick(en), false
	}
	if i >= len(r.steps) {
		if r.sc.cfg.BoundMS > 0 {
			r.sc.boundDeadlock(r.sc.blockedGs())
			r.sc.proveBlocked(r.sc.blockedGs())
		}
		r.diverge(fmt.Sprintf("replay: schedule ended at step %d; continuing at random", i))
		return r.fallback.pick(en), false
	}
	want := r.steps[i]
	var x *g
	if id := want.Goroutine; id >= 1 && id <= len(r.sc.gs.all) {
		if x = r.sc.gs.all[id-1]; en.Has(x) && x.op.site.String() == want.Site {
			return x, want.Change
		}
	}
	ids := make([]string, en.Len())
	for j, x := range en.List(nil) {
		ids[j] = fmt.Sprintf("%d at %s", x.id, x.op.site)
	}
	r.diverge(fmt.Sprintf("replay: diverged at step %d: goroutine %d was to step at %s but %s (enabled: %s); continuing at random",
		i, want.Goroutine, want.Site, r.standing(x), strings.Join(ids, ", ")))
	return r.fallback.pick(en), false
}

// standing says where the schedule's next goroutine x stands instead: a
// replay that diverges because a goroutine is outside (a network read
// that took longer than in the recorded run) says so.
func (r *replay) standing(x *g) string {
	switch {
	case x == nil:
		return "has not started"
	case x.state == gDone:
		return "has ended"
	case x.state == gOutside:
		return "is outside instrumented code (a system call, a network read)"
	case x.en.set == setBlocked:
		return "is blocked at " + x.op.site.String()
	}
	return "is at " + x.op.site.String()
}

// wants reports whether the schedule's next step is x's: the test
// waiting for its end steps where the recorded run let it (its real-time
// wait for leaked goroutines had passed), whatever the time now.
func (r *replay) wants(x *g) bool {
	return !r.diverged && r.pos < len(r.steps) && r.steps[r.pos].Goroutine == x.id
}

// over reports whether the schedule has been followed to its end: the
// recorded run's time after its test had run out there.
func (r *replay) over() bool { return !r.diverged && r.pos >= len(r.steps) }

func (r *replay) diverge(msg string) {
	r.diverged = true
	r.sc.warn("%s", msg)
	fmt.Fprintf(os.Stderr, "deadhunt: %s\n", msg)
}

// readSchedule reads a replay schedule: a JSON array of steps, or a result
// file (or an object with "schedule" or "schedule_rle", "draws" and
// "clock_base") whose schedule, draws and clock base it takes. The result
// it returns has its schedule expanded.
func readSchedule(name string) (*result, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("rt: %w", err)
	}
	var steps []wire.Step
	if err := json.Unmarshal(data, &steps); err == nil {
		return &result{Schedule: steps}, nil
	}
	var res result
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("rt: replay schedule %s: %w", name, err)
	}
	if res.ScheduleRLE != nil {
		steps, err := res.ScheduleRLE.Expand()
		if err != nil {
			return nil, fmt.Errorf("rt: %w", err)
		}
		res.Schedule, res.ScheduleRLE = steps, nil
	}
	return &res, nil
}

// holdsAll makes advance fire a timer whose firing the schedule has next
// even though goroutines can step: the directed strategy moves the clock
// while it holds goroutines back (strategy_postpone.go).
func (r *replay) holdsAll(enView, int64, int64) bool {
	return !r.diverged && r.pos < len(r.steps) && r.steps[r.pos].Goroutine == 0
}

func (r *replay) holdsTimer(*vtimer) bool { return false }

func (r *replay) holds(*g) bool { return false }
