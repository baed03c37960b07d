package lockcycle

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Same-class nesting: one instance of a class held while another of the
// same class, reached through a field of the same type, is acquired
// (n.mu then n.next.mu, p.mu then p.parent.mu, p.mu then p.kids[i].mu).
// Per class, the steps seen in the package decide:
//
//   - the same field in both directions (a then a.f; a.f then a), or two
//     different fields (parent and kids, next and prev): goroutines walking
//     the structure in opposite directions deadlock;
//   - one pointer field only (n then n.next), in a type with no field
//     holding a collection of its own type: the links can close a ring,
//     and goroutines each holding one node deadlock;
//   - otherwise (a collection of children only, or a pointer back to the
//     parent of a type that has children, always in one direction) the
//     instances are ordered by the hierarchy: silent.
//
// A step in a function that compares the two instances (their addresses
// or fields, with <, <=, >, >=) is ordered and is not counted.

// sameClassNesting is the -same-class-nesting flag.
var sameClassNesting = true

func init() {
	Analyzer.Flags.BoolVar(&sameClassNesting, "same-class-nesting", true,
		"report nested acquisitions of two instances of one class linked by a field (rings, parent and child in both directions)")
}

// nestCategory is the diagnostic category of same-class nesting reports;
// their findings are lock-order cycles.
const nestCategory = "same-class-nesting"

// nesting is one step: held, then acquired through Field from held's
// object (Forward) or held reached through Field from acquired's object.
type nesting struct {
	Field      string
	Collection bool
	Forward    bool
	held, acq  held
}

// linkStep returns how h is reached from o (or o from h) through one field
// of their common type: the field, whether it holds a collection, and the
// direction.
func linkStep(o, h *held) (nesting, bool) {
	i := strings.LastIndex(o.Class, ").")
	if i < 0 || !strings.HasPrefix(o.Class, "(*") {
		return nesting{}, false
	}
	suffix := o.Class[i+1:] // ".mu"
	if f, coll, ok := step(o, h, suffix); ok {
		return nesting{Field: f, Collection: coll, Forward: true, held: *o, acq: *h}, true
	}
	if f, coll, ok := step(h, o, suffix); ok {
		return nesting{Field: f, Collection: coll, Forward: false, held: *o, acq: *h}, true
	}
	return nesting{}, false
}

// step reports whether b's object is a's object's field f (or an element
// of the collection in f).
func step(a, b *held, suffix string) (string, bool, bool) {
	root, ok := strings.CutSuffix(a.key, suffix)
	if !ok || a.key == "" {
		return "", false, false
	}
	if rest, ok := strings.CutPrefix(b.key, root+"."); ok {
		if f, ok := strings.CutSuffix(rest, suffix); ok && !strings.Contains(f, ".") {
			return f, false, true
		}
	}
	if b.key == "" && b.via == nil {
		if f, ok := strings.CutPrefix(b.elemOf, root+"."); ok && !strings.Contains(f, ".") {
			return f, true, true
		}
	}
	return "", false, false
}

// nest records a same-class step unless the function orders the two
// instances by comparing them.
func (c *fnCtx) nest(o, h *held) bool {
	n, ok := linkStep(o, h)
	if !ok || !c.p.selfLink(o.Class, n.Field, n.Collection) {
		return false
	}
	if !o.ignored && !h.ignored && !c.compares(o, h) {
		c.p.nestings[o.Class] = append(c.p.nestings[o.Class], n)
	}
	return true
}

// compares reports whether fn compares the objects of o and h (or fields
// of them) with an ordering operator.
func (c *fnCtx) compares(o, h *held) bool {
	ra, rb := objKey(o), objKey(h)
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			bin, ok := instr.(*ssa.BinOp)
			if !ok || (bin.Op != token.LSS && bin.Op != token.GTR && bin.Op != token.LEQ && bin.Op != token.GEQ) {
				continue
			}
			x, y := operandObj(c.fn, bin.X), operandObj(c.fn, bin.Y)
			if x != "" && y != "" && ((x == ra && y == rb) || (x == rb && y == ra)) {
				return true
			}
		}
	}
	return false
}

// objKey is the instance key of the object a held mutex is a field of.
func objKey(h *held) string {
	if h.key == "" {
		return ""
	}
	return h.key[:strings.LastIndex(h.key, ".")]
}

// operandObj is the instance key of the object an ordering operand is
// taken from: uintptr(unsafe.Pointer(a)) is a, a.id is a.
func operandObj(fn *ssa.Function, v ssa.Value) string {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && !isPointer(x.Type()) {
				return describe(fn, fa.X).key
			}
		case *ssa.Field:
			if !isPointer(x.Type()) {
				return describe(fn, x.X).key
			}
		}
		return describe(fn, v).key
	}
}

func isPointer(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}
