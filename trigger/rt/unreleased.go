package rt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A lock never released: a goroutine waits for a Mutex or RWMutex whose
// holders have all ended (a goroutine that returned holding it, an
// AfterFunc callback that returned without Unlock). Nothing managed can
// release it any more once no goroutine that could Unlock it is left
// running: the end of the test with everything blocked, or the time bound.

// unreleasedWaiters returns the blocked goroutines of blocked that wait
// for a lock held only by goroutines that have ended.
func (sc *sched) unreleasedWaiters(blocked []*g) []*g {
	var ws []*g
	for _, x := range blocked {
		if x.op.lock() == nil {
			continue
		}
		ts, k := sc.waitsFor(x)
		if len(ts) == 0 || (k != edgeLock && k != edgeReaders) {
			continue
		}
		allDone := true
		for _, y := range ts {
			allDone = allDone && y.state == gDone
		}
		if allDone {
			ws = append(ws, x)
		}
	}
	return ws
}

// unreleasedFinding describes the waiters ws of locks held by ended
// goroutines: the lock, where it was acquired and where each holder
// ended (its last step and the function it was created to run).
func (sc *sched) unreleasedFinding(ws []*g) *finding {
	f := &finding{Kind: wire.LockNeverReleased, Locks: []wire.Lock{}}
	var msgs []string
	seen := map[string]int{}
	var holders []*g
	for _, x := range ws {
		class, inst, addr := lockOf(x)
		j, ok := seen[inst]
		if !ok {
			j = len(f.Locks)
			seen[inst] = j
			f.Locks = append(f.Locks, wire.Lock{Class: class, Instance: inst})
		}
		ts, _ := sc.waitsFor(x)
		for _, y := range ts {
			h, ok := heldOf(y, lockAddr(addr))
			acq := wire.Site{}
			if ok {
				acq = toSite(h.site)
				f.Locks[j].Sites = appendSite(f.Locks[j].Sites, acq)
			}
			msgs = append(msgs, fmt.Sprintf("%s acquired at %s by goroutine %d (created at %s), which ended holding it after its last step at %s",
				class, acq, y.id, toSite(y.created), toSite(y.op.site)))
			if !slices.Contains(holders, y) {
				holders = append(holders, y)
			}
		}
		f.Locks[j].Sites = appendSite(f.Locks[j].Sites, toSite(x.op.site))
		msgs = append(msgs, fmt.Sprintf("goroutine %d %s", x.id, sc.waitText(x, nil)))
	}
	f.Message = "lock never released: " + strings.Join(msgs, "; ")
	f.Goroutines = sc.describe(ws)
	for _, y := range holders {
		f.Goroutines = append(f.Goroutines, wire.Goroutine{ID: y.id, Created: toSite(y.created), StartedFrom: startedFrom(y.callers[:y.ncallers]),
			WaitsFor: fmt.Sprintf("nothing: ended after its last step at %s (%s)", toSite(y.op.site), y.op.kind),
			Holds:    y.holdClasses()})
	}
	return f
}
