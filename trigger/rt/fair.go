package rt

// PCT and its variants run the highest-priority enabled goroutine, so a
// goroutine that loops forever on operations that always succeed (Lock and
// Unlock, TryAcquire and Release of a semaphore) starves the others for
// good, which no real scheduler does: a test that passes under go test
// would hang. The fairness bound: a goroutine that was enabled at
// starveLimit decisions without being chosen runs next, and the goroutine
// the strategy chose is demoted (below every priority, as a spinner).
// Decisions at which it was blocked do not count, so a goroutine woken
// after a long wait is not favoured. Replays follow their schedule, which
// already holds those decisions.

// starveLimit is the number of decisions at which a goroutine may be
// passed over while enabled.
const starveLimit = 1000

// starved returns the enabled goroutine, other than next, passed over most
// often if that is more than starveLimit times, or nil.
func (sc *sched) starved(en []*g, next *g) *g {
	if len(en) < 2 || sc.maxWaited <= starveLimit || sc.cfg.Strategy == "replay" {
		return nil
	}
	var y *g
	for _, z := range en {
		if z != next && z.waited > starveLimit && (y == nil || z.waited > y.waited) {
			y = z
		}
	}
	return y
}
