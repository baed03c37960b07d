package rt

import (
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Goroutines outside the scheduler that wait in network I/O. A test on
// real TCP (a client and a server in one process, over loopback) leaves
// goroutines reading their connections outside instrumented code: the
// watchdog releases them (watchdog.go), and while one is outside nothing
// says the others wait for good. They do when each of them waits in the
// network poller ("IO wait") and nothing can come over the process's
// sockets unless one of its own goroutines acts (netQuiet: every
// connection's other end is the process's own, nothing in flight). If
// every managed goroutine is blocked too, no write will ever come: the
// waits are for good, as a channel's would be.

// netWaitText is what a goroutine stuck so waits for.
const netWaitText = "network I/O (outside instrumented code) on a connection whose other end is this process's, nothing in flight"

// netStuck returns the goroutines outside the scheduler if every one of
// them waits in network I/O that only the process's own goroutines could
// end (netQuiet), nil otherwise. Their states are read before and after
// the sockets, so that a goroutine woken in between does not count as
// waiting.
func (sc *sched) netStuck() []*g {
	xs := sc.gs.outside.list(sc.gs.all, nil)
	if len(xs) == 0 {
		return nil
	}
	var dump map[uint64]gdump
	ioWait := func() bool {
		dump = nil
		for _, x := range xs {
			if x.busy {
				return false
			}
			st := fastWaitReason(x)
			if st == "" {
				if dump == nil {
					dump = dumpAll()
				}
				st = dump[x.goid.Load()].state
			}
			if st != "IO wait" {
				return false
			}
		}
		return true
	}
	if !ioWait() {
		return nil
	}
	if ok, _ := netQuiet(); !ok {
		return nil
	}
	if !ioWait() {
		return nil
	}
	return xs
}

// describeNet describes goroutines netStuck found, with their stacks from
// Go's stack dump (they cannot take their own: they are not at an
// instrumented call).
func (sc *sched) describeNet(xs []*g) []wire.Goroutine {
	if len(xs) == 0 {
		return nil
	}
	dump := dumpAll()
	out := make([]wire.Goroutine, len(xs))
	for i, x := range xs {
		out[i] = wire.Goroutine{ID: x.id, Created: toSite(x.created), StartedFrom: startedFrom(x.callers[:x.ncallers]),
			Stack: dump[x.goid.Load()].frames, WaitsFor: netWaitText, Holds: x.holdClasses()}
	}
	return out
}

// netTimeout reports whether t is a test's timeout (timeoutShape) that an
// idle scheduler is about to jump to while the goroutines outside wait on
// the network for good.
func (sc *sched) netTimeout(t *vtimer) bool {
	_, waiters := sc.timeoutShape(t)
	return len(waiters) > 0 && sc.netStuck() != nil
}
