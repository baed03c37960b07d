package rt

import (
	"fmt"
	"sync"
	"weak"
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
	canRun: func(sc *sched, x *g) bool { return onceModel.of(sc).running[onceKey(x)] == nil },
	exec:   execOnce,
	file:   func(sc *sched, x *g) { onceModel.of(sc).waits.file(onceKey(x), x) },
	waitsFor: func(sc *sched, x *g) ([]*g, edgeKind) {
		if y := onceModel.of(sc).running[onceKey(x)]; y != nil {
			return []*g{y}, edgeOther
		}
		return nil, edgeOther
	},
	waitText: func(sc *sched, x *g, who string) string { return fmt.Sprintf("Once %p running in%s", x.op.obj, who) }})

var onceModel = newModel[onces](nil)

// onces is the model of the Onces the run has used, by weak pointer: a
// Once done stays done for as long as it lives, and the table does not
// keep it (and the object around it) alive.
type onces struct {
	running map[weak.Pointer[sync.Once]]*g // the goroutine running Do's function
	done    map[weak.Pointer[sync.Once]]bool
	waits   waitLists[weak.Pointer[sync.Once]]
}

// onceKey is the key of x's Once in the tables.
func onceKey(x *g) weak.Pointer[sync.Once] { return weak.Make(x.op.obj.(*sync.Once)) }

// execOnce starts the function of a Once not done (op.ok), or passes a
// Once done.
func execOnce(sc *sched, x *g) bool {
	on := onceModel.of(sc)
	o := x.op.obj.(*sync.Once)
	k := weak.Make(o)
	x.op.ok = !on.done[k]
	if x.op.ok {
		if on.running == nil {
			on.running = map[weak.Pointer[sync.Once]]*g{}
		}
		on.running[k] = x
	} else if sc.obs != nil {
		sc.obs.ordered(x, syncAfterMark, k)
	}
	return true
}

// onceDone marks o's Do as finished by x and wakes its waiters.
func (x *g) onceDone(o *sync.Once) {
	sc := x.sc
	sc.mu.Lock()
	on := onceModel.of(sc)
	k := weak.Make(o)
	delete(on.running, k)
	if on.done == nil {
		on.done = map[weak.Pointer[sync.Once]]bool{}
	}
	on.done[k] = true
	on.waits.wake(&sc.set, k)
	if sc.obs != nil {
		sc.obs.ordered(x, syncMark, k)
	}
	sc.mu.Unlock()
}
