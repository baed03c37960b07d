package lockcycle

import (
	"fmt"
	"go/types"

	"github.com/deadhunt/deadhunt/report"
)

// pair is a nested acquisition of two instances of one class, both reached
// from parameters of the function.
type pair struct {
	first, second held
}

// sameClass records an acquisition of h while o, another instance of the
// same class, is held. Only instances reached the same way from two
// interchangeable parameters (same type) are kept: then a call with the
// arguments swapped takes them in the reverse order. Parent-child
// hierarchies (one reached from the other) never qualify.
func (c *fnCtx) sameClass(o, h *held) {
	switch {
	case o.ignored || h.ignored:
	case c.nest(o, h):
	case elements(o, h):
		c.pairs = append(c.pairs, pair{first: *o, second: *h})
	case o.Param < 0 || h.Param < 0 || o.Param == h.Param || o.Path != h.Path:
	case c.interchangeable(o.Param, h.Param):
		c.pairs = append(c.pairs, pair{first: *o, second: *h})
	}
}

// elements reports whether o and h are elements of one map or slice at
// two different indices, both computed from parameters (s.locks[a] and
// s.locks[b], forks[i] and forks[(i+1)%n]). Indices from loops, constants
// or ordering code (min, max, a swap) do not qualify.
func elements(o, h *held) bool {
	return o.elemOf != "" && o.elemOf == h.elemOf && o.idx != nil && h.idx != nil &&
		o.idx != h.idx && o.elemIdx >= 0 && h.elemIdx >= 0 && o.via == nil && h.via == nil
}

// pairParams returns the parameters the two acquisitions of a pair are
// reached from.
func pairParams(pr pair) (int, int) {
	if pr.first.elemOf != "" {
		return pr.first.elemIdx, pr.second.elemIdx
	}
	return pr.first.Param, pr.second.Param
}

func (c *fnCtx) interchangeable(i, j int) bool {
	t1, t2 := c.paramType(i), c.paramType(j)
	return t1 != nil && t2 != nil && types.Identical(t1, t2)
}

func (c *fnCtx) paramType(i int) types.Type {
	if i < len(c.fn.Params) {
		return c.fn.Params[i].Type()
	}
	if i -= len(c.fn.Params); i < len(c.fn.FreeVars) {
		return c.fn.FreeVars[i].Type()
	}
	return nil
}

// reportPairs reports same-class pairs, except when the function also
// takes them in the other order (ordered locking: by address, by ID).
func (c *fnCtx) reportPairs() {
	for _, pr := range c.pairs {
		if c.hasReverse(pr) {
			continue
		}
		a, b := pr.first, pr.second
		i, j := pairParams(pr)
		msg := fmt.Sprintf("lock order cycle: %s of %s held while acquiring %s of %s%s; the order depends on the arguments: calls with other arguments take them in reverse order (held at %s)",
			a.Class, c.paramName(i), b.Class, c.paramName(j), viaText(b.via, b.site, false), a.site)
		e := edge{Held: a.Class, Acquired: b.Class, HeldMode: a.mode, AcqMode: b.mode, HeldAt: a.site, AcquiredAt: b.site, Via: b.via}
		locks := []report.Lock{{Class: a.Class, Sites: sites(a.site)}, {Class: b.Class, Sites: sites(b.site)}}
		c.p.report(b.pos, report.LockOrderCycle, msg, locks, []report.Edge{reportEdge(&e)}, nil)
	}
}

func (c *fnCtx) hasReverse(pr pair) bool {
	i, j := pairParams(pr)
	if i == j {
		return false
	}
	for _, q := range c.pairs {
		if k, l := pairParams(q); k == j && l == i {
			return true
		}
	}
	return false
}

func (c *fnCtx) paramName(i int) string {
	if i < len(c.fn.Params) {
		return c.fn.Params[i].Name()
	}
	if i -= len(c.fn.Params); i < len(c.fn.FreeVars) {
		return c.fn.FreeVars[i].Name()
	}
	return "?"
}
