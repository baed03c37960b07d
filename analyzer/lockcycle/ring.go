package lockcycle

import (
	"fmt"
	"go/constant"
	"go/token"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/deadhunt/deadhunt/report"
)

// Lock rings: a loop that locks one element of a container per iteration
// and keeps it (no unlock of the class in the loop) takes the instances of
// that class in the loop's order. Ranging over a map, that order differs
// between ranges; over a slice, one loop ascending and another descending
// take it in opposite orders. Either way two goroutines can each hold an
// element the other needs next. A slice sorted in the function before the
// loop (sort.*, slices.Sort*) is in a fixed order.

// ringOrder is the order a loop visits a container's elements in.
type ringOrder uint8

const (
	ringNone ringOrder = iota
	ringMap
	ringAsc
	ringDesc
)

// ringStep is one accumulating acquisition in a loop.
type ringStep struct {
	order  ringOrder
	site   site
	pos    token.Pos
	guards []guard
}

// noteRing records the lock call, if it accumulates the elements of a
// container in a loop in an order that is not fixed; st is the lockset
// before it.
func (c *fnCtx) noteRing(st *state, call *ssa.Call) {
	k, mu := lockOp(&call.Call)
	if k != opLock && k != opRLock {
		return
	}
	order, sorted := iterOrder(c.fn, mu, 0)
	if order == ringNone || sorted {
		return
	}
	class := describe(c.fn, mu).Class
	if !c.accumulates(call.Block(), class) {
		return
	}
	if c.p.rings == nil {
		c.p.rings = make(map[string][]ringStep)
	}
	c.p.rings[class] = append(c.p.rings[class], ringStep{order: order, site: c.site(call.Pos()), pos: call.Pos(), guards: st.guards(-1)})
}

// iterOrder returns the order in which a loop reaches the element v
// (through fields, loads, map lookups by an iterated key), and whether
// the slice it is taken from was sorted in fn.
func iterOrder(fn *ssa.Function, v ssa.Value, depth int) (ringOrder, bool) {
	if depth > 8 {
		return ringNone, false
	}
	switch v := v.(type) {
	case *ssa.FieldAddr:
		return iterOrder(fn, v.X, depth+1)
	case *ssa.Field:
		return iterOrder(fn, v.X, depth+1)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return iterOrder(fn, v.X, depth+1)
		}
	case *ssa.ChangeType:
		return iterOrder(fn, v.X, depth+1)
	case *ssa.Lookup: // m[k]: in the order of the keys
		return iterOrder(fn, v.Index, depth+1)
	case *ssa.Extract: // for k, v := range m
		if nx, ok := v.Tuple.(*ssa.Next); ok && !nx.IsString {
			return ringMap, false
		}
	case *ssa.IndexAddr:
		return indexOrder(v.Index), sortedIn(fn, v.X)
	case *ssa.Index:
		return indexOrder(v.Index), sortedIn(fn, v.X)
	}
	return ringNone, false
}

// indexOrder tells an index that a loop increments from one that it
// decrements: the induction variable's step (i := φ; φ' = φ ± 1).
func indexOrder(idx ssa.Value) ringOrder {
	if b, ok := idx.(*ssa.BinOp); ok { // range: the index is φ+1
		idx = b.X
	}
	phi, ok := idx.(*ssa.Phi)
	if !ok {
		return ringNone
	}
	for _, e := range phi.Edges {
		b, ok := e.(*ssa.BinOp)
		if !ok || b.X != phi {
			continue
		}
		c, ok := b.Y.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			continue
		}
		n, _ := constant.Int64Val(c.Value)
		switch {
		case (b.Op == token.ADD && n > 0) || (b.Op == token.SUB && n < 0):
			return ringAsc
		case (b.Op == token.SUB && n > 0) || (b.Op == token.ADD && n < 0):
			return ringDesc
		}
	}
	return ringNone
}

// sortFuncs are the sorting functions whose first argument is the slice.
var sortFuncs = map[string]bool{
	"sort.Slice": true, "sort.SliceStable": true, "sort.Sort": true, "sort.Stable": true,
	"sort.Strings": true, "sort.Ints": true, "sort.Float64s": true,
	"slices.Sort": true, "slices.SortFunc": true, "slices.SortStableFunc": true,
}

// sortedIn reports whether fn sorts the slice s (the same value, or the
// same local variable).
func sortedIn(fn *ssa.Function, s ssa.Value) bool {
	want := sliceRoot(s)
	if call, ok := want.(*ssa.Call); ok && sortedCall(call) { // slices.Sorted(...)
		return true
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil {
				continue
			}
			if o := callee.Origin(); o != nil {
				callee = o
			}
			obj := callee.Object()
			if obj == nil || obj.Pkg() == nil || !sortFuncs[obj.Pkg().Path()+"."+obj.Name()] {
				continue
			}
			if sliceRoot(call.Call.Args[0]) == want {
				return true
			}
		}
	}
	return false
}

// sortedCall reports whether call returns a new sorted slice.
func sortedCall(call *ssa.Call) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj := callee.Object()
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "slices" {
		return false
	}
	switch obj.Name() {
	case "Sorted", "SortedFunc", "SortedStableFunc":
		return true
	}
	return false
}

// sliceRoot strips conversions and loads of a local variable from a
// slice value.
func sliceRoot(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.UnOp:
			if _, ok := x.X.(*ssa.Alloc); !ok || x.Op != token.MUL {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

// accumulates reports whether b is in a loop that releases nothing of
// class: each iteration keeps its lock.
func (c *fnCtx) accumulates(b *ssa.BasicBlock, class string) bool {
	fwd := reach(b, func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Succs })
	if !fwd[b] {
		return false
	}
	back := reach(b, func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Preds })
	for x := range fwd {
		if back[x] && c.releasesIn(x, class) {
			return false
		}
	}
	return true
}

// reach returns the blocks reachable from b by one or more steps of next.
func reach(b *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), next(b)...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, next(x)...)
	}
	return seen
}

// releasesIn reports whether block b unlocks class, directly or through a
// callee that releases it.
func (c *fnCtx) releasesIn(b *ssa.BasicBlock, class string) bool {
	for _, instr := range b.Instrs {
		call, ok := instr.(*ssa.Call)
		if !ok {
			continue
		}
		if k, mu := lockOp(&call.Call); k == opUnlock || k == opRUnlock {
			if describe(c.fn, mu).Class == class {
				return true
			}
			continue
		}
		for _, t := range c.targets(&call.Call) {
			for _, r := range t.fact.Releases {
				if c.mapRef(r, t.args).Class == class {
					return true
				}
			}
		}
	}
	return false
}

// reportRings reports, per class, a ring in map order, or rings over
// slices in both directions, unless every ring step holds a common guard.
func (p *pkgState) reportRings() {
	for _, class := range slices.Sorted(maps.Keys(p.rings)) {
		steps := p.rings[class]
		if ringsGuarded(steps) {
			continue
		}
		a, b := ringConflict(steps)
		if a == nil {
			continue
		}
		msg := fmt.Sprintf("lock ring: %s locked for each element of a map in a loop, in map order, which differs between ranges: two goroutines can each hold an element the other needs next", class)
		// Two instances of the class, as a cycle names them.
		locks := []report.Lock{{Class: class, Sites: sites(a.site)}, {Class: class, Sites: sites(a.site)}}
		if b != nil {
			msg = fmt.Sprintf("lock ring: %s locked for each element of a slice in a loop in ascending order, and in descending order at %s: two goroutines can each hold an element the other needs next", class, b.site)
			locks[1].Sites = sites(b.site)
		}
		p.report(a.pos, report.LockOrderCycle, msg, locks, nil, nil)
	}
}

// ringConflict returns a step in map order (b nil), or an ascending and a
// descending step, or nil.
func ringConflict(steps []ringStep) (a, b *ringStep) {
	var asc, desc *ringStep
	for i := range steps {
		s := &steps[i]
		switch s.order {
		case ringMap:
			return s, nil
		case ringAsc:
			asc = s
		case ringDesc:
			desc = s
		}
	}
	if asc != nil && desc != nil {
		return asc, desc
	}
	return nil, nil
}

// ringsGuarded reports whether every step holds a common guard lock, in
// write mode at least once.
func ringsGuarded(steps []ringStep) bool {
	sets := make([][]guard, len(steps))
	for i, s := range steps {
		sets[i] = s.guards
	}
	return commonGuard(sets)
}
