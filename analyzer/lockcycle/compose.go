package lockcycle

import (
	"fmt"
	"go/token"
)

// composeCallbacks joins the edges into callbacks through fields ("L held
// while calling back F.M") with the listeners stored into F, here or in a
// dependency, into lock-order edges of this package. A pair is joined here
// when this package has one of its halves; the edges are exported like the
// others.
func (p *pkgState) composeCallbacks() {
	cbs := append([]localEdge(nil), p.cbEdges...)
	nLocal := len(cbs)
	stores := append([]fieldStore(nil), p.stores...)
	nStores := len(stores)
	for _, pf := range p.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*pkgFact)
		if !ok || pf.Package == p.pass.Pkg {
			continue
		}
		for _, e := range f.CallsBack {
			cbs = append(cbs, localEdge{edge: e})
		}
		stores = append(stores, f.Stores...)
	}
	for i, e := range cbs {
		for j, s := range stores {
			if s.Field != e.Acquired || (i >= nLocal && j >= nStores) {
				continue
			}
			p.joinCallback(e, i < nLocal, s)
		}
	}
}

func (p *pkgState) joinCallback(e localEdge, localCB bool, s fieldStore) {
	for _, a := range s.Acquires {
		if a.Ref.Class == e.Held {
			continue // the listener locks the caller's class again: not an order
		}
		ne := e
		ne.edge.Acquired, ne.edge.AcqMode, ne.edge.AcquiredAt = a.Ref.Class, a.Mode, a.Site
		ne.edge.Via = append(append([]string(nil), e.Via...), prepend(s.Impl, a.Via)...)
		ne.edge.Dynamic, ne.edge.SameObject = true, false
		ne.edge.Guards = append(append([]guard(nil), e.Guards...), a.Inner...)
		ne.edge.Ignored = e.Ignored || a.Ignored
		ne.edge.Pkg = p.pass.Pkg.Path()
		if !localCB {
			// The callback is made in a dependency: the edge is placed where
			// this package registers the listener.
			ne.fn, ne.released, ne.heldPos, ne.pos = nil, nil, p.posOf(s.At), p.posOf(s.At)
		}
		p.addEdge(ne)
	}
	for _, r := range s.Releases {
		if r != e.Held {
			p.addEdge(releaseEdge(e, localCB, s, r, p))
		}
	}
}

// releaseEdge is the edge made by a callback that releases lock r while
// the caller holds e.Held: r stays held (by whoever installed the
// callback) until after e.Held was taken, so r is held while acquiring
// e.Held.
func releaseEdge(e localEdge, localCB bool, s fieldStore, r string, p *pkgState) localEdge {
	ne := e
	ne.edge.Held, ne.edge.HeldMode, ne.edge.HeldAt = r, write, s.At
	ne.edge.Acquired, ne.edge.AcqMode, ne.edge.AcquiredAt = e.Held, e.HeldMode, e.HeldAt
	ne.edge.Via = nil
	ne.edge.ReleasedBy = s.Impl
	ne.edge.ReleasedAt = e.AcquiredAt
	ne.edge.Dynamic, ne.edge.SameObject = true, false
	ne.edge.Guards = append([]guard(nil), e.Guards...)
	ne.edge.Pkg = p.pass.Pkg.Path()
	ne.heldPos = p.posOf(s.At)
	if !localCB {
		ne.fn, ne.released, ne.pos = nil, nil, p.posOf(s.At)
	}
	return ne
}

// posOf finds the position of a site of this package.
func (p *pkgState) posOf(s site) token.Pos {
	for _, f := range p.pass.Files {
		tf := p.pass.Fset.File(f.Pos())
		if tf != nil && tf.Name() == s.File && s.Line > 0 && s.Line <= tf.LineCount() {
			return tf.LineStart(s.Line) + token.Pos(s.Col-1)
		}
	}
	return token.NoPos
}

func (s fieldStore) String() string { return fmt.Sprintf("%s=%s", s.Field, s.Impl) }
