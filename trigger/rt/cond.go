package rt

import (
	"fmt"
	"sync"
	"weak"
)

// The sync.Cond primitive: the queue of waiters of each Cond and the
// signals they were given. Wait is two steps, as in Go: the goroutine
// joins the queue, releases c.L through the runtime, waits for its
// signal, and retakes c.L.

// CondWait is (*sync.Cond).Wait: it unlocks and relocks c.L through the
// runtime.
func CondWait(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		c.Wait()
		return
	}
	g.do(opCondEnqueue, s, c)
	LockerUnlock(c.L, s)
	g.do(opCondWait, s, c)
	LockerLock(c.L, s)
}

// CondSignal is (*sync.Cond).Signal.
func CondSignal(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		unmanagedSignal(c, false)
		c.Signal()
		return
	}
	g.do(opCondSignal, s, c)
	c.Signal() // wakes waiters in uninstrumented code, if any
}

// CondBroadcast is (*sync.Cond).Broadcast.
func CondBroadcast(c *sync.Cond, s *Site) {
	g := enter()
	if g == nil {
		unmanagedSignal(c, true)
		c.Broadcast()
		return
	}
	g.do(opCondBroadcast, s, c)
	c.Broadcast()
}

var (
	opCondEnqueue = newKind(kindDef{name: "CondWait", exec: execCondEnqueue, flags: always})
	// A waiter is woken by its signal (wakeG), not through an object's
	// wait list: it is filed under nothing.
	opCondWait = newKind(kindDef{name: "CondWake",
		canRun: func(sc *sched, x *g) bool { return condModel.of(sc).signaled.has(x.id) },
		exec: func(sc *sched, x *g) bool {
			condModel.of(sc).signaled.remove(x.id)
			return true
		},
		file:     func(*sched, *g) {},
		waitText: func(sc *sched, x *g, who string) string { return fmt.Sprintf("Cond %p signal", x.op.obj) },
		comm:     commCondWait, commObj: condCommObj, flags: moves})
	opCondSignal = newKind(kindDef{name: "CondSignal", flags: always, comm: commSignal, commObj: condCommObj,
		exec: func(sc *sched, x *g) bool { condModel.of(sc).signal(sc, x, x.op.obj.(*sync.Cond), false); return true }})
	opCondBroadcast = newKind(kindDef{name: "CondBroadcast", flags: always, comm: commSignal, commObj: condCommObj,
		exec: func(sc *sched, x *g) bool { condModel.of(sc).signal(sc, x, x.op.obj.(*sync.Cond), true); return true }})
)

var condModel = newModel[conds](nil)

// conds is the model of the Conds the run has used.
type conds struct {
	queues   map[*sync.Cond][]*g
	signaled gset // goroutines whose signal came
}

func execCondEnqueue(sc *sched, x *g) bool {
	cs := condModel.of(sc)
	cs.signaled.remove(x.id)
	if cs.queues == nil {
		cs.queues = map[*sync.Cond][]*g{}
	}
	c := x.op.obj.(*sync.Cond)
	cs.queues[c] = append(cs.queues[c], x)
	return true
}

// signal wakes the first waiter of c, or all with all; from is the
// signalling goroutine, nil if the scheduler does not manage it.
func (cs *conds) signal(sc *sched, from *g, c *sync.Cond, all bool) {
	ws := cs.queues[c]
	n := min(len(ws), 1)
	if all {
		n = len(ws)
	}
	for _, w := range ws[:n] {
		cs.signaled.add(w.id)
		sc.set.wakeG(w)
		if from != nil && sc.obs != nil {
			sc.obs.synced(from, w)
		}
	}
	if n == len(ws) {
		delete(cs.queues, c)
	} else {
		cs.queues[c] = ws[n:]
	}
}

// unmanagedSignal updates the model for a Signal or Broadcast of a
// goroutine the scheduler does not manage.
func unmanagedSignal(c *sync.Cond, all bool) {
	sc := active()
	if sc == nil {
		return
	}
	sc.mu.Lock()
	condModel.of(sc).signal(sc, nil, c, all)
	sc.mu.Unlock()
}

// condCommObj is the Cond's key in the trace's comm events.
func condCommObj(o *op) any { return weak.Make(o.obj.(*sync.Cond)) }
