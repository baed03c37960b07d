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
	if o.ignored || h.ignored || o.Param < 0 || h.Param < 0 || o.Param == h.Param || o.Path != h.Path {
		return
	}
	if !c.interchangeable(o.Param, h.Param) {
		return
	}
	c.pairs = append(c.pairs, pair{first: *o, second: *h})
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
		msg := fmt.Sprintf("lock order cycle: %s of %s held while acquiring %s of %s%s; the order depends on the arguments: a call with them swapped takes them in reverse order (held at %s)",
			a.Class, c.paramName(a.Param), b.Class, c.paramName(b.Param), viaText(b.via, b.site, false), a.site)
		e := edge{Held: a.Class, Acquired: b.Class, HeldMode: a.mode, AcqMode: b.mode, HeldAt: a.site, AcquiredAt: b.site, Via: b.via}
		locks := []report.Lock{{Class: a.Class, Sites: sites(a.site)}, {Class: b.Class, Sites: sites(b.site)}}
		c.p.report(b.pos, report.LockOrderCycle, msg, locks, []report.Edge{reportEdge(&e)}, nil)
	}
}

func (c *fnCtx) hasReverse(pr pair) bool {
	for _, q := range c.pairs {
		if q.first.Param == pr.second.Param && q.second.Param == pr.first.Param {
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
