package predict

import (
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// acquire records an acq or racq: an edge from every lock g holds, or a
// double lock or recursive read when g already holds the lock.
func (p *Predictor) acquire(e trace.Event, tab *trace.Table) {
	g := p.run.goroutine(e.G)
	g.clock++
	lock := p.run.locks[e.Lock]
	read := e.Op == trace.OpRAcq
	site, stack := p.siteID(e.Site, tab), p.stackID(e.Stack, tab)
	acq := self{lock: lock, run: p.run.index, g: g.id, acqSite: site, stack: stack}
	if !read {
		p.recs.writer(p.locks[lock].class, acq)
	}
	hash := heldHash(g.held)
	for i := range g.held {
		h := &g.held[i]
		if h.lock == lock {
			acq.heldSite = h.site
			p.recs.self(acq, h.read, read)
			continue
		}
		p.recs.edge(edgeKey{
			from: int32(h.lock), to: int32(lock), g: int32(g.id), run: int32(p.run.index),
			heldSite: int32(h.site), acqSite: int32(site), hash: hash, modes: modes(h.read, read),
		}, g, h, stack)
	}
	g.held = append(g.held, held{lock: lock, read: read, site: site, clock: g.clock, vc: g.vc})
}

// wait records a goroutine about to block on a lock: a double lock or
// recursive read when it already holds it.
// A write wait also makes g a writer of the lock's class: in an RWR
// deadlock the writer never acquires, it only waits.
func (p *Predictor) wait(e trace.Event, tab *trace.Table) {
	g := p.run.goroutine(e.G)
	lock := p.run.locks[e.Lock]
	read := e.Op == trace.OpRWait
	acq := self{lock: lock, run: p.run.index, g: g.id, acqSite: p.siteID(e.Site, tab), stack: -1}
	if !read {
		p.recs.writer(p.locks[lock].class, acq)
	}
	for _, h := range g.held {
		if h.lock == lock {
			acq.heldSite = h.site
			p.recs.self(acq, h.read, read)
			return
		}
	}
}

func modes(fromRead, toRead bool) uint8 {
	var m uint8
	if fromRead {
		m |= 1
	}
	if toRead {
		m |= 2
	}
	return m
}

// heldHash is an order-independent hash of a held set.
func heldHash(hs []held) uint64 {
	var x uint64
	for _, h := range hs {
		z := uint64(h.lock)*2 + 1
		if h.read {
			z += 1 << 40
		}
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		x ^= z ^ z>>31
	}
	return x
}

func (p *Predictor) siteID(sid int, tab *trace.Table) int {
	if i, ok := p.file.sites[sid]; ok {
		return i
	}
	s, _ := tab.Site(sid)
	i := p.site(siteOf(s))
	p.file.sites[sid] = i
	return i
}

func (p *Predictor) stackID(kid int, tab *trace.Table) int {
	if kid == trace.NoStack {
		return -1
	}
	if i, ok := p.file.stacks[kid]; ok {
		return i
	}
	fids, _ := tab.Stack(kid)
	var frames []report.Frame
	for _, fid := range fids {
		f, _ := tab.Frame(fid)
		frames = append(frames, frameOf(f))
	}
	p.stacks = append(p.stacks, frames)
	p.file.stacks[kid] = len(p.stacks) - 1
	return len(p.stacks) - 1
}
