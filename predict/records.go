package predict

// records accumulates what the runs showed, deduplicated.
type records struct {
	edges   map[edgeKey]*edgeRec
	order   []*edgeRec // in order of first occurrence
	selfs   map[selfKey]*selfRec
	selfOrd []*selfRec
	writers map[int][]self // lock class → up to two writers of distinct goroutines
}

// edgeKey identifies an edge record: the same goroutine taking the same
// locks at the same sites with the same held set.
type edgeKey struct {
	from, to, g, run  int32
	heldSite, acqSite int32
	hash              uint64 // of the held set
	modes             uint8  // 1: from read-held, 2: to read-acquired
}

// edgeRec is an edge "held → acquired" with the first and last of its
// occurrences (happens-before is checked against those).
type edgeRec struct {
	edgeKey
	held  []int // lock instances held at the acquisition (including from)
	stack int   // interned stack of the acquisition, or -1
	count int
	occ   [2]occurrence // first and last (equal while seen once)
}

func (r *edgeRec) fromRead() bool { return r.modes&1 != 0 }
func (r *edgeRec) toRead() bool   { return r.modes&2 != 0 }

// self is an acquisition of a lock the goroutine already holds (or, in
// writers, any write acquisition).
type self struct {
	lock, run, g      int
	heldSite, acqSite int
	stack             int
}

type selfKey struct {
	self
	recursiveRead bool
}

// selfRec is a double lock (recursiveRead false) or a recursive read lock.
type selfRec struct {
	selfKey
	count int
}

func (rs *records) init() {
	rs.edges = make(map[edgeKey]*edgeRec)
	rs.selfs = make(map[selfKey]*selfRec)
	rs.writers = make(map[int][]self)
}

func (rs *records) edge(k edgeKey, g *gstate, h *held, stack int) {
	o := occurrence{g: g.idx, start: h.clock, end: g.clock, startVC: h.vc}
	r := rs.edges[k]
	if r == nil {
		r = &edgeRec{edgeKey: k, stack: stack, occ: [2]occurrence{o, o}}
		for _, x := range g.held {
			r.held = append(r.held, x.lock)
		}
		rs.edges[k] = r
		rs.order = append(rs.order, r)
	}
	r.occ[1] = o
	r.count++
}

// self records an acquisition of a lock already held: a recursive read
// when both are reads, a double lock otherwise.
func (rs *records) self(s self, heldRead, read bool) {
	k := selfKey{s, heldRead && read}
	k.stack = 0
	r := rs.selfs[k]
	if r == nil {
		r = &selfRec{selfKey: k}
		r.stack = s.stack
		rs.selfs[k] = r
		rs.selfOrd = append(rs.selfOrd, r)
	}
	r.count++
}

func (rs *records) writer(class int, w self) {
	ws := rs.writers[class]
	if len(ws) >= 2 || len(ws) == 1 && ws[0].run == w.run && ws[0].g == w.g {
		return
	}
	rs.writers[class] = append(ws, w)
}
