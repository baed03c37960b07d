package rt

import (
	"fmt"
	"sync"
	"weak"
)

// The sync.WaitGroup primitive: its counter, and the goroutines waiting
// for it to reach zero.

// WGAdd is (*sync.WaitGroup).Add.
func WGAdd(wg *sync.WaitGroup, delta int, s *Site) {
	g := enter()
	if g == nil {
		unmanagedWGAdd(wg, delta)
		wg.Add(delta)
		return
	}
	g.doN(opWGAdd, s, wg, int64(delta))
	wg.Add(delta)
}

// WGDone is (*sync.WaitGroup).Done.
func WGDone(wg *sync.WaitGroup, s *Site) { WGAdd(wg, -1, s) }

// WGWait is (*sync.WaitGroup).Wait.
func WGWait(wg *sync.WaitGroup, s *Site) {
	g := enter()
	if g == nil {
		wg.Wait()
		return
	}
	g.do(opWGWait, s, wg)
	wg.Wait() // blocks only if uninstrumented code added to wg: the watchdog releases it
}

// WGGo is (*sync.WaitGroup).Go.
func WGGo(wg *sync.WaitGroup, f func(), s *Site) {
	g := enter()
	if g == nil {
		countGo()
		wg.Go(f)
		return
	}
	WGAdd(wg, 1, s)
	g.spawn(s, f, func() { WGDone(wg, s) }, nil)
}

var (
	opWGAdd = newKind(kindDef{name: "WGAdd", exec: execWGAdd, explore: (*explorer).didWGAdd,
		touch:  func(sc *sched, x *g) { wgModel.of(sc).waits.file(x.op.obj.(*sync.WaitGroup), x) },
		commOf: wgAddComm, commObj: wgCommObj, flags: always | moves})
	opWGWait = newKind(kindDef{name: "WGWait", canRun: canWGWait, exec: execWGWait,
		file: func(sc *sched, x *g) { wgModel.of(sc).waits.file(x.op.obj.(*sync.WaitGroup), x) },
		// A Wait changes nothing: no watcher to move (touch).
		touch:    func(*sched, *g) {},
		waitText: wgWaitText, explore: (*explorer).didWGWait, comm: commWGWait, commObj: wgCommObj,
		proveReal: proveWGWait, proveDrop: dropWG, flags: moves})
)

var wgModel = newModel[waitGroups](nil)

// waitGroups is the model of the WaitGroups the run has used: their
// counters (absent at zero) and the goroutines blocked in Wait.
type waitGroups struct {
	counts map[*sync.WaitGroup]int
	waits  waitLists[*sync.WaitGroup]
}

// add changes wg's counter and wakes its waiters.
func (ws *waitGroups) add(sc *sched, wg *sync.WaitGroup, delta int) {
	if ws.counts == nil {
		ws.counts = map[*sync.WaitGroup]int{}
	}
	if n := ws.counts[wg] + delta; n != 0 {
		ws.counts[wg] = n
	} else {
		delete(ws.counts, wg)
	}
	ws.waits.wake(&sc.set, wg)
}

func execWGAdd(sc *sched, x *g) bool {
	wg := x.op.obj.(*sync.WaitGroup)
	if sc.obs != nil && x.op.n < 0 {
		sc.obs.ordered(x, syncAdd, weak.Make(wg)) // a Done: its Wait is ordered after it
	}
	wgModel.of(sc).add(sc, wg, int(x.op.n))
	return true
}

func canWGWait(sc *sched, x *g) bool { return wgModel.of(sc).counts[x.op.obj.(*sync.WaitGroup)] <= 0 }

func execWGWait(sc *sched, x *g) bool {
	if sc.obs != nil {
		sc.obs.ordered(x, syncAfterAll, weak.Make(x.op.obj.(*sync.WaitGroup)))
	}
	return true
}

func wgWaitText(sc *sched, x *g, who string) string {
	wg := x.op.obj.(*sync.WaitGroup)
	return fmt.Sprintf("WaitGroup %p (counter %d)", wg, wgModel.of(sc).counts[wg])
}

// unmanagedWGAdd updates the model for an Add or Done of a goroutine the
// scheduler does not manage (a timer's function, a server's handler), or
// managed goroutines waiting on wg would never be woken (the watchdog
// restarts an idle scheduler).
func unmanagedWGAdd(wg *sync.WaitGroup, delta int) {
	sc := active()
	if sc == nil {
		return
	}
	sc.mu.Lock()
	wgModel.of(sc).add(sc, wg, delta)
	sc.mu.Unlock()
}

// wgAddComm is the comm mode of an Add: an Add or a Done by its sign.
func wgAddComm(o *op) int {
	if o.n > 0 {
		return commWGAdd
	}
	if o.n < 0 {
		return commWGDone
	}
	return 0
}

// wgCommObj is the WaitGroup's key in the trace's comm events.
func wgCommObj(o *op) any { return weak.Make(o.obj.(*sync.WaitGroup)) }

// dropWG lets go of x's WaitGroup at the end of a run, before x leaves to
// be proved blocked in its Wait (prove.go): the model keys a WaitGroup by
// its address.
func dropWG(sc *sched, x *g) {
	wg := x.op.obj.(*sync.WaitGroup)
	delete(wgModel.of(sc).counts, wg)
	delete(wgModel.of(sc).waits, wg)
}

// proveWGWait is x leaving the scheduler to be proved blocked in its Wait
// (prove.go): it waits on the real WaitGroup, whose counter the model's
// mirrors. It does not return.
func proveWGWait(x *g) {
	wg := x.op.obj.(*sync.WaitGroup)
	x.op.obj, x.op.rec = nil, nil
	x.sc.dumped <- struct{}{}
	wg.Wait()
	x.escaped.Store(true)
	select {}
}
