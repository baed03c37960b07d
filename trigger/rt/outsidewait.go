package rt

import (
	"reflect"
	"time"
)

// outsideWait is how long the idle watchdog blocks, holding the scheduler's
// lock, on the receive cases of the blocked goroutines: a value from
// outside the scheduler (a timer or ticker firing, an uninstrumented sender,
// a close by a context's cancel function) is delivered as soon as it comes
// instead of at the next poll. A ticker that fires every few microseconds
// (a cache's expiry reaper) then gets most of its ticks through, as it
// would without the scheduler. The lock is held so that no managed
// goroutine can change the model meanwhile: the value received always has
// a receiver.
const outsideWait = 200 * time.Microsecond

// waitOutside blocks for up to d on the receive cases of the blocked
// goroutines and completes the one that fires. It is called with sc.mu
// held and reports whether it waited at all and whether a receive
// completed.
func (sc *sched) waitOutside(d time.Duration) (waited, fired bool) {
	type target struct {
		y *g
		i int
	}
	var rc []reflect.SelectCase
	var ts []target
	for _, y := range sc.gs.liveList() {
		o := &y.op
		if o.done || !o.waitsOnChan() {
			continue
		}
		for i := range o.cases {
			if c := &o.cases[i]; !c.send && c.k != 0 {
				rc = append(rc, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: c.c.reflectValue()})
				ts = append(ts, target{y, i})
			}
		}
	}
	if len(rc) == 0 {
		return false, false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	rc = append(rc, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(t.C)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(sc.dog.stop)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(sc.dog.interrupt)})
	select { // a stale interrupt, from before this wait
	case <-sc.dog.interrupt:
	default:
	}
	sc.dog.waiting.Store(true)
	i, v, ok := reflect.Select(rc)
	sc.dog.waiting.Store(false)
	if i >= len(ts)+1 { // stopped, or a goroutine wants the lock: the watchdog waits its tick
		return false, false
	}
	if i == len(ts) {
		return true, false
	}
	y, c := ts[i].y, &ts[i].y.op.cases[ts[i].i]
	var val any
	if ok {
		val = v.Interface()
	}
	sc.received(y, c, val, ok)
	y.op.idx, y.op.done = ts[i].i, true
	sc.set.wakeG(y)
	sc.chanOf(c).waiters.wakeAll(&sc.set) // a buffered channel has room
	return true, true
}
