package lockcycle

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// acquired handles a blocking acquisition of h (directly, or inside a
// callee holding inner and having released released) with st held:
// lock-order edges, double locks, and the function's summary.
func (c *fnCtx) acquired(st *state, h held, inner []guard, released []loc, dynamic bool) {
	if !c.emit {
		return
	}
	if isCallback(h.Class) {
		c.calledBack(st, h, inner, released)
		return
	}
	if h.mode == write && h.rw {
		if _, ok := c.p.writers[h.Class]; !ok {
			c.p.writers[h.Class] = h.site
		}
	}
	for i := range st.held {
		o := &st.held[i]
		switch {
		case hasLoc(released, o.loc):
		case o.key != "" && o.key == h.key:
			c.p.selfLock(o, &h, dynamic)
		case o.Class == h.Class && h.key == "" && h.owner != "" && strings.HasPrefix(o.key, h.owner+"."):
			// A callback stored in the object whose lock is held locks
			// that class again: most likely the same instance.
			c.p.selfLock(o, &h, dynamic)
		case o.Class == h.Class:
			c.sameClass(o, &h)
		default:
			c.p.addEdge(localEdge{fn: c.fn, released: classes(st.released), after: st.joined, edge: edge{
				Held: o.Class, Acquired: h.Class, HeldMode: o.mode, AcqMode: h.mode,
				HeldAt: o.site, AcquiredAt: h.site, Via: h.via, Dynamic: dynamic,
				Guards: append(st.guards(i), inner...), Ignored: o.ignored || h.ignored,
				Pkg: c.p.pass.Pkg.Path(), SameObject: sameObject(o.key, h.key),
			}, heldPos: o.pos, pos: h.pos})
		}
	}
	c.summarizeAcq(st, h, inner, released, dynamic)
}

func (c *fnCtx) summarizeAcq(st *state, h held, inner []guard, released []loc, dynamic bool) {
	if len(c.fact.Acquires) >= maxAcquires {
		return
	}
	for _, a := range c.fact.Acquires {
		if a.Ref == h.ref && a.Mode == h.mode {
			return
		}
	}
	a := acq{Ref: h.ref, Mode: h.mode, Site: h.site, Via: h.via, Dynamic: dynamic, Ignored: h.ignored,
		Inner: append(st.guards(-1), inner...)}
	for _, o := range st.held {
		if o.ClassFromArg {
			a.HeldParams = append(a.HeldParams, acq{Ref: o.ref, Mode: o.mode, Site: o.site, Via: o.via, Ignored: o.ignored})
		}
	}
	for _, r := range st.released {
		a.Released = append(a.Released, r.ref)
	}
	for _, r := range released {
		a.Released = append(a.Released, r.ref)
	}
	c.fact.Acquires = append(c.fact.Acquires, a)
}

// apply applies a callee's summary at a call: its acquisitions happen with
// st held; then its releases and the locks it returns holding change st.
// A dynamic call contributes its acquisitions only.
func (c *fnCtx) apply(st *state, t target, pos token.Pos) {
	if c.emit && t.fn != nil {
		c.p.noteCall(c.fn, t.fn, st.guards(-1), classes(st.released), t.dynamic)
	}
	ign := c.p.ignored(pos)
	for _, a := range t.fact.Acquires {
		h := held{loc: c.mapRef(a.Ref, t.args), mode: a.Mode, site: a.Site, pos: pos,
			via: prepend(t.name, a.Via), ignored: a.Ignored || ign, owner: t.owner}
		var rel []loc
		for _, r := range a.Released {
			rel = append(rel, c.mapRef(r, t.args))
		}
		c.acquired(c.withParams(st, a.HeldParams, t, pos), h, a.Inner, rel, t.dynamic || a.Dynamic)
	}
	c.callbacks(st, t, pos)
	c.applyStores(t, pos)
	if t.dynamic {
		if len(t.fact.Releases) > 0 || len(t.fact.Holds) > 0 {
			c.uncertain = true
		}
		return
	}
	for _, r := range t.fact.Releases {
		c.release(st, c.mapRef(r, t.args))
	}
	for _, a := range t.fact.Holds {
		st.held = append(st.held, held{loc: c.mapRef(a.Ref, t.args), mode: a.Mode, site: a.Site, pos: pos,
			via: prepend(t.name, a.Via), ignored: a.Ignored || ign})
	}
}

// calledBack records the locks held at a callback through a field
// (h's class is its pseudo class): the edges to it are joined later with
// the listeners stored into the field.
func (c *fnCtx) calledBack(st *state, h held, inner []guard, released []loc) {
	for i := range st.held {
		o := &st.held[i]
		if hasLoc(released, o.loc) {
			continue
		}
		e := localEdge{fn: c.fn, released: classes(st.released), after: st.joined, heldPos: o.pos, pos: h.pos, edge: edge{
			Held: o.Class, Acquired: h.Class, HeldMode: o.mode, AcqMode: h.mode,
			HeldAt: o.site, AcquiredAt: h.site, Via: h.via, Dynamic: true,
			Guards: append(st.guards(i), inner...), Ignored: o.ignored || h.ignored, Pkg: c.p.pass.Pkg.Path(),
		}}
		k := fmt.Sprint(e.Held, e.Acquired, e.HeldAt, e.AcquiredAt, e.pos)
		if !c.p.edgeSeen[k] {
			c.p.edgeSeen[k] = true
			c.p.cbEdges = append(c.p.cbEdges, e)
		}
	}
	c.summarizeAcq(st, h, inner, released, true)
}

// withParams returns st plus the locks the callee held that are named by
// its arguments (withLock(&mu, ...) holds mu while it acquires), so that
// edges from them are made here.
func (c *fnCtx) withParams(st *state, ps []acq, t target, pos token.Pos) *state {
	if len(ps) == 0 {
		return st
	}
	out := st.clone()
	for _, a := range ps {
		l := c.mapRef(a.Ref, t.args)
		if l.Param < 0 && l.key == "" && l.GlobalKey == "" && l.Class == a.Ref.Class {
			continue // not mapped onto an argument
		}
		out.held = append(out.held, held{loc: l, mode: a.Mode, site: a.Site, pos: pos, via: prepend(t.name, a.Via), ignored: a.Ignored})
	}
	return out
}

// sameObject reports whether two instance keys are fields of one object.
func sameObject(a, b string) bool {
	if strings.HasPrefix(a, "g:") { // package variables: no object
		return false
	}
	i, j := strings.LastIndex(a, "."), strings.LastIndex(b, ".")
	return i > 0 && j > 0 && a[:i] == b[:j]
}

// mapRef maps a lock named relative to a callee onto this function, given
// the callee's arguments (parameters followed by free variables).
func (c *fnCtx) mapRef(r ref, args []ssa.Value) loc { return mapOnto(c.fn, r, args) }

// mapOnto maps a lock named relative to a callee onto fn, given the
// callee's arguments there.
func mapOnto(fn *ssa.Function, r ref, args []ssa.Value) loc {
	if r.GlobalKey != "" {
		return loc{ref: r, key: r.GlobalKey, global: true}
	}
	out := loc{ref: ref{Class: r.Class, Param: -1}}
	if r.Param < 0 || r.Param >= len(args) || args[r.Param] == nil {
		return out
	}
	a := describe(fn, args[r.Param])
	if r.ClassFromArg {
		out.Class, out.ClassFromArg = a.Class, a.ClassFromArg && r.Path == ""
	}
	if a.key != "" {
		out.key = a.key + r.Path
	}
	if a.Param >= 0 {
		out.Param, out.Path = a.Param, a.Path+r.Path
	}
	if a.GlobalKey != "" {
		out.GlobalKey, out.global = a.GlobalKey+r.Path, true
	}
	return out
}

// finish completes the summary from the locksets at the returns, and
// reports missing unlocks and same-class pairs.
func (c *fnCtx) finish() {
	if len(c.exits) == 0 {
		return
	}
	first := c.exits[0]
	for _, h := range first.held {
		if c.heldAtAll(&h) {
			c.fact.Holds = append(c.fact.Holds, acq{Ref: h.ref, Mode: h.mode, Site: h.site, Via: h.via, Ignored: h.ignored})
		}
	}
	for _, e := range c.exits {
		for _, r := range e.released {
			if !hasRef(c.fact.Releases, r.ref) {
				c.fact.Releases = append(c.fact.Releases, r.ref)
			}
		}
	}
	c.missingUnlocks()
	c.reportPairs()
}

func (c *fnCtx) heldAtAll(h *held) bool {
	for _, e := range c.exits {
		if !heldIn(e.held, h) {
			return false
		}
	}
	return true
}

func heldIn(hs []held, h *held) bool {
	for i := range hs {
		if hs[i].same(h) {
			return true
		}
	}
	return false
}

func hasRef(rs []ref, r ref) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// missingUnlocks reports a lock acquired here that is held at some return
// but released at another: the return path that forgot it.
func (c *fnCtx) missingUnlocks() {
	if lockNamed(c.fn) || c.uncertain {
		return
	}
	for _, e := range c.exits {
		for i := range e.held {
			h := &e.held[i]
			if !h.direct || h.ignored || c.heldAtAll(h) || c.handedOff(h, e) {
				continue
			}
			c.p.missingUnlock(h, e.pos)
		}
	}
}
