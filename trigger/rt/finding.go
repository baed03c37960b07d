package rt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// cycleFinding describes a wait-for cycle: c[i] waits for c[i+1].
func (sc *sched) cycleFinding(kind wire.Kind, c []*g) *finding {
	f := &finding{Kind: kind, Locks: []wire.Lock{}}
	var msgs []string
	locks := map[string]int{} // instance → index in f.Locks
	for i, x := range c {
		next := c[(i+1)%len(c)]
		class, inst, addr := lockOf(x)
		if addr != nil {
			j, ok := locks[inst]
			if !ok {
				j = len(f.Locks)
				locks[inst] = j
				f.Locks = append(f.Locks, wire.Lock{Class: class, Instance: inst})
			}
			if h, ok := heldOf(next, lockAddr(addr)); ok {
				f.Locks[j].Sites = appendSite(f.Locks[j].Sites, toSite(h.site))
			}
			f.Locks[j].Sites = appendSite(f.Locks[j].Sites, toSite(x.op.site))
			// x holds what its predecessor waits for, and acquires class.
			prev := c[(i+len(c)-1)%len(c)]
			if _, _, paddr := lockOf(prev); paddr != nil {
				if h, ok := heldOf(x, lockAddr(paddr)); ok {
					pclass, _, _ := lockOf(prev)
					f.Edges = append(f.Edges, wire.Edge{Held: pclass, Acquired: class, Goroutine: x.id,
						HeldAt: toSite(h.site), AcquiredAt: toSite(x.op.site)})
				}
			}
		}
		msgs = append(msgs, fmt.Sprintf("goroutine %d %s", x.id, sc.waitText(x, next)))
	}
	f.Message = strings.Join(msgs, "; ")
	f.Goroutines = sc.describe(c)
	return f
}

// blockedFinding describes goroutines blocked for good without a cycle.
func (sc *sched) blockedFinding(blocked []*g) *finding {
	kind := wire.Blocked
	lock, other := false, false
	for _, x := range blocked {
		if x.op.lock() != nil {
			lock = true
		} else {
			other = true
		}
	}
	if lock && other {
		kind = wire.Mixed
	}
	f := &finding{Kind: kind, Locks: []wire.Lock{}}
	var msgs []string
	seen := map[string]bool{}
	for _, x := range blocked {
		msgs = append(msgs, fmt.Sprintf("goroutine %d %s", x.id, sc.waitText(x, nil)))
		if class, inst, _ := lockOf(x); class != "" && !seen[inst] {
			seen[inst] = true
			f.Locks = append(f.Locks, wire.Lock{Class: class, Instance: inst, Sites: []wire.Site{toSite(x.op.site)}})
		}
	}
	f.Message = strings.Join(msgs, "; ")
	f.Goroutines = sc.describe(blocked)
	return f
}

func appendSite(ss []wire.Site, s wire.Site) []wire.Site {
	if s.File == "" || slices.Contains(ss, s) {
		return ss
	}
	return append(ss, s)
}

// waitText says what x waits for: "holds A and waits for B held by
// goroutine 3".
func (sc *sched) waitText(x, next *g) string {
	var b strings.Builder
	if hs := x.holdClasses(); len(hs) > 0 {
		fmt.Fprintf(&b, "holds %s and ", strings.Join(hs, ", "))
	}
	b.WriteString("waits for ")
	b.WriteString(sc.waitsForText(x))
	return b.String()
}

// waitsForText is the waits_for text of a blocked goroutine: its
// primitive says what it waits for, naming the goroutines it waits for.
func (sc *sched) waitsForText(x *g) string {
	ts, _ := sc.waitsFor(x)
	who := ""
	if len(ts) > 0 {
		ids := make([]string, len(ts))
		for i, y := range ts {
			ids[i] = fmt.Sprint(y.id)
			if y.state == gDone {
				ids[i] += " (exited)"
			}
		}
		who = " goroutine " + strings.Join(ids, ", ")
	}
	if f := kinds[x.op.kind].waitText; f != nil {
		return f(sc, x, who)
	}
	return x.op.kind.String()
}

// holdClasses lists the classes of the locks x holds.
func (x *g) holdClasses() []string {
	var cs []string
	for _, h := range x.held {
		c := classOf(h.site, fmt.Sprintf("%p", h.lock))
		if h.read {
			c += " (read)"
		}
		cs = append(cs, c)
	}
	return cs
}

// describe lists goroutines with their creation site, stack at the block
// point, wait and held locks.
func (sc *sched) describe(gs []*g) []wire.Goroutine {
	sc.dumpStacks(gs)
	out := make([]wire.Goroutine, len(gs))
	for i, x := range gs {
		out[i] = wire.Goroutine{ID: x.id, Created: toSite(x.created), StartedFrom: startedFrom(x.callers[:x.ncallers]), Stack: x.stack,
			WaitsFor: sc.waitsForText(x), Holds: x.holdClasses(), Release: x.releasers()}
	}
	return out
}
