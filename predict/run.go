package predict

import "github.com/deadhunt/deadhunt/predict/trace"

// runState is what the predictor tracks while reading one run.
type runState struct {
	index int         // in tables.runs
	locks map[int]int // the run's lock ids → lock instance indices
	gs    map[int]*gstate
	order []*gstate // goroutines in order of appearance
}

// gstate is one goroutine of the run being read.
type gstate struct {
	idx   int // index within the run
	id    int // id in the trace
	clock uint32
	vc    vclock // what it knows of the others; replaced, never changed
	held  []held
}

// held is a lock a goroutine holds, with when and where it took it.
type held struct {
	lock  int
	read  bool
	site  int
	clock uint32
	vc    vclock
}

func newRun(index int) *runState {
	return &runState{index: index, locks: make(map[int]int), gs: make(map[int]*gstate)}
}

func (r *runState) goroutine(id int) *gstate {
	g := r.gs[id]
	if g == nil {
		g = &gstate{idx: len(r.order), id: id}
		r.gs[id] = g
		r.order = append(r.order, g)
	}
	return g
}

// release removes lock from g's held set, or from the first goroutine
// holding it if g does not (Go lets one goroutine unlock another's mutex).
func (r *runState) release(g *gstate, lock int, read bool) {
	if g.drop(lock, read) {
		return
	}
	for _, o := range r.order {
		if o.drop(lock, read) {
			return
		}
	}
}

func (g *gstate) drop(lock int, read bool) bool {
	for i := len(g.held) - 1; i >= 0; i-- {
		if h := g.held[i]; h.lock == lock && h.read == read {
			g.held = append(g.held[:i], g.held[i+1:]...)
			return true
		}
	}
	return false
}

func (p *Predictor) event(e trace.Event, tab *trace.Table) error {
	switch e.Op {
	case trace.OpRun:
		p.runs = append(p.runs, Run{N: e.ID, Test: e.Name})
		p.run = newRun(len(p.runs) - 1)
	case trace.OpLock:
		p.run.locks[e.ID] = len(p.locks)
		p.locks = append(p.locks, lockInfo{run: p.run.index, class: p.class(e.Name), instance: e.Instance})
	case trace.OpAcq, trace.OpRAcq:
		p.acquire(e, tab)
	case trace.OpWait, trace.OpRWait:
		p.wait(e, tab)
	case trace.OpRel, trace.OpRRel:
		p.run.release(p.run.goroutine(e.G), p.run.locks[e.Lock], e.Op == trace.OpRRel)
	case trace.OpGo, trace.OpHB:
		if e.Op == trace.OpGo {
			p.created[runG{p.run.index, e.Peer}] = p.siteID(e.Site, tab)
		}
		from, to := p.run.goroutine(e.G), p.run.goroutine(e.Peer)
		to.vc = to.vc.joined(from.vc, from.idx, from.clock)
	}
	return nil
}
