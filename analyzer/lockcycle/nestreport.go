package lockcycle

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// reportNestings reports, per class, the nestings that are not ordered
// by the structure.
func (p *pkgState) reportNestings() {
	if !sameClassNesting {
		return
	}
	for _, c := range slices.Sorted(maps.Keys(p.nestings)) {
		ns := p.nestings[c]
		if a, b, why := p.unordered(c, ns); why != "" {
			p.reportNesting(a, b, why)
		}
	}
}

// unordered returns the step to report, another step it conflicts with
// (or nil) and why, or "" when the steps respect one order.
func (p *pkgState) unordered(class string, ns []nesting) (*nesting, *nesting, string) {
	for i := range ns {
		for j := range ns {
			a, b := &ns[i], &ns[j]
			switch {
			case a.Field == b.Field && a.Forward && !b.Forward:
				return a, b, "the reverse order"
			case a.Field < b.Field && a.Forward && b.Forward:
				return a, b, "the opposite direction"
			}
		}
	}
	for i := range ns {
		if n := &ns[i]; !n.Collection && !p.hasChildren(class) {
			return n, nil, fmt.Sprintf("instances linked through %s can form a ring: goroutines each holding one of them deadlock", n.Field)
		}
	}
	return nil, nil, ""
}

// selfLink reports whether field f of the struct type of class holds a
// pointer to that type (or, for a collection, a slice, array or map of
// them): an interface field may hold anything.
func (p *pkgState) selfLink(class, f string, collection bool) bool {
	coll, ok := p.links(class)[f]
	return ok && coll == collection
}

// hasChildren reports whether the struct type of class has a field
// holding a collection of pointers to its own type (a tree).
func (p *pkgState) hasChildren(class string) bool {
	for _, coll := range p.links(class) {
		if coll {
			return true
		}
	}
	return false
}

// links returns the fields of the struct type of class that link to its
// own type: true for a collection of pointers, false for a pointer.
func (p *pkgState) links(class string) map[string]bool {
	t := p.lookupStruct(class)
	if t == nil {
		return nil
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make(map[string]bool)
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		switch {
		case pointsTo(f.Type(), t):
			out[f.Name()] = false
		case pointsTo(elemType(f.Type()), t):
			out[f.Name()] = true
		}
	}
	return out
}

func pointsTo(ft, t types.Type) bool {
	pt, ok := ft.(*types.Pointer)
	return ok && types.Identical(pt.Elem(), t)
}

func elemType(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}

// lookupStruct finds the named type of a class "(*pkg.T).f" among this
// package and its imports.
func (p *pkgState) lookupStruct(class string) types.Type {
	end := strings.Index(class, ").")
	if end < 0 {
		return nil
	}
	pkg, name, ok := strings.Cut(class[2:end], ".")
	if !ok {
		return nil
	}
	for _, q := range append([]*types.Package{p.pass.Pkg}, p.pass.Pkg.Imports()...) {
		if q.Name() == pkg {
			if obj, ok := q.Scope().Lookup(name).(*types.TypeName); ok {
				return obj.Type()
			}
		}
	}
	return nil
}

func (p *pkgState) reportNesting(a, b *nesting, why string) {
	msg := fmt.Sprintf("same-class nesting: %s held while acquiring %s %s%s",
		a.held.Class, a.acq.Class, linkText(a), viaText(a.acq.via, a.acq.site, false))
	ss := []site{a.held.site, a.acq.site}
	if b != nil {
		msg += fmt.Sprintf("; %s at %s (%s)", why, b.acq.site, linkText(b))
		ss = append(ss, b.held.site, b.acq.site)
	} else {
		msg += "; " + why
	}
	e := edge{Held: a.held.Class, Acquired: a.acq.Class, HeldMode: a.held.mode, AcqMode: a.acq.mode,
		HeldAt: a.held.site, AcquiredAt: a.acq.site, Via: a.acq.via}
	locks := []report.Lock{{Class: a.held.Class, Sites: sites(ss...)}}
	p.reportAs(a.acq.pos, report.LockOrderCycle, nestCategory, msg, locks, []report.Edge{reportEdge(&e)}, nil)
}

func linkText(n *nesting) string {
	f := n.Field
	if n.Collection {
		f += "[*]"
	}
	if n.Forward {
		return "through ." + f + " of the held one"
	}
	return "whose ." + f + " is the held one"
}
