package rt

import "time"

// The pace of code against the clock. The clock moves by stepNanos at a
// decision, but in a real run a step may cost far less (a few nanoseconds
// of uncontended code) or far more (a preempted or descheduled goroutine):
// whether a short timer fires before a goroutine's next few steps depends
// on it. Each run takes one reach, by its phase as the draw modes do
// (draw.go), so that any three runs in a row give each: a timer whose
// deadline lies within reach of the clock is due, and the strategy may
// fire it at a decision (strategy.clock, fireDue), which moves the clock
// to its deadline: the steps before it took that long. Replay needs no
// record of the reach: every firing is a step of the schedule.

// reaches are the runs' reaches, by phase: a step slowed by preemption up
// to tieWindow (the reach before paces, which the calibration keeps); a
// step costing a few microseconds (a wake-up on a loaded machine), where
// a timer of a few nanoseconds or microseconds may beat the next steps;
// code at full speed, where a timer fires only once the clock has passed
// its deadline. Long timers are out of every reach; a timer within
// earlyWindow may still fire early, rarely (fireEarly), in every run.
var reaches = [3]int64{tieWindow, int64(5 * time.Microsecond), 0}

// reachOf is the reach of a run in phase.
func reachOf(phase uint64) int64 { return reaches[phase%3] }

// phase is the run's place among its test's runs (Config.DrawPhase, else
// its seed), which the draw modes and the reach follow.
func (sc *sched) phase() uint64 {
	if sc.cfg.DrawPhase > 0 {
		return uint64(sc.cfg.DrawPhase - 1)
	}
	return sc.cfg.Seed
}
