package rt

import (
	"fmt"
	"sync"
)

// The sync.Once primitive: which Once's function runs, in which goroutine,
// and which have run.

// OnceDo is (*sync.Once).Do.
func OnceDo(o *sync.Once, f func(), s *Site) {
	g := enter()
	if g == nil {
		o.Do(f)
		return
	}
	g.do(opOnce, s, o)
	if !g.op.ok { // done before: the real Once returns at once
		o.Do(f)
		return
	}
	defer g.onceDone(o)
	o.Do(f)
}

var opOnce = newKind(kindDef{name: "OnceDo",
	canRun: func(sc *sched, x *g) bool { return sc.onces.running[x.op.obj.(*sync.Once)] == nil },
	exec:   execOnce,
	file:   func(sc *sched, x *g) { sc.onces.waits.file(x.op.obj.(*sync.Once), x) },
	waitsFor: func(sc *sched, x *g) ([]*g, edgeKind) {
		if y := sc.onces.running[x.op.obj.(*sync.Once)]; y != nil {
			return []*g{y}, edgeOther
		}
		return nil, edgeOther
	},
	waitText: func(sc *sched, x *g, who string) string { return fmt.Sprintf("Once %p running in%s", x.op.obj, who) }})

// onces is the model of the Onces the run has used.
type onces struct {
	running map[*sync.Once]*g // the goroutine running Do's function
	done    map[*sync.Once]bool
	waits   waitLists[*sync.Once]
}

// execOnce starts the function of a Once not done (op.ok), or passes a
// Once done.
func execOnce(sc *sched, x *g) bool {
	on := &sc.onces
	o := x.op.obj.(*sync.Once)
	x.op.ok = !on.done[o]
	if x.op.ok {
		if on.running == nil {
			on.running = map[*sync.Once]*g{}
		}
		on.running[o] = x
	} else if sc.obs != nil {
		sc.obs.onceSeen(x, o)
	}
	return true
}

// onceDone marks o's Do as finished by x and wakes its waiters.
func (x *g) onceDone(o *sync.Once) {
	sc := x.sc
	sc.mu.Lock()
	on := &sc.onces
	delete(on.running, o)
	if on.done == nil {
		on.done = map[*sync.Once]bool{}
	}
	on.done[o] = true
	on.waits.wake(&sc.set, o)
	if sc.obs != nil {
		sc.obs.onceRan(x, o)
	}
	sc.mu.Unlock()
}
