package lockcycle

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Callbacks through fields: a library keeps a listener (an interface
// value, or a function such as OnEvict) in a struct field and calls it
// with its lock held; the package that stores a concrete listener into the
// field implements the callback. The call is recorded as an acquisition of
// a pseudo lock class "callback:<field>.<method>", which flows through
// summaries and facts like any acquisition, so that the locks held by
// every caller on the way are known. An edge "L -> callback:F.M" is kept
// apart from the lock-order graph; joined with a store of a concrete type
// into F (fieldStore), it becomes the edges "L -> each lock M of that type
// acquires".

const cbPrefix = "callback:"

func isCallback(class string) bool { return strings.HasPrefix(class, cbPrefix) }

// fieldStore is a listener stored into a field: the locks its method
// acquires when the field's holder calls it back.
type fieldStore struct {
	Field    string // cbPrefix + field + "." + method ("" for a function value)
	Impl     string // the method or function stored
	Acquires []acq
	// Releases are the locks it releases without taking them (a hook
	// installed to release its installer's lock: SetOnDone(mu.Unlock)).
	Releases []string
	At       site // where it is stored
}

// paramStore says that a function stores its parameter Param into Field
// (a registration method such as AddListener).
type paramStore struct {
	Param int
	Field string // field ID, without cbPrefix or method
}

// fieldID names field i of the struct t (or *t) by its type's import path:
// "example.com/a.Bus.listeners"; "" for an unnamed struct.
func fieldID(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	s, ok := n.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + s.Field(i).Name()
}

// fieldSource returns the field a value was read from: the field itself,
// or the map, slice or array held in it (for _, l := range b.listeners).
func fieldSource(v ssa.Value, depth int) string {
	if depth > 6 {
		return ""
	}
	switch v := v.(type) {
	case *ssa.FieldAddr:
		return fieldID(v.X.Type(), v.Field)
	case *ssa.Field:
		return fieldID(v.X.Type(), v.Field)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return fieldSource(v.X, depth+1)
		}
	case *ssa.IndexAddr:
		return fieldSource(v.X, depth+1)
	case *ssa.Index:
		return fieldSource(v.X, depth+1)
	case *ssa.Lookup:
		return fieldSource(v.X, depth+1)
	case *ssa.Slice:
		return fieldSource(v.X, depth+1)
	case *ssa.Extract: // for k, l := range m: Extract(Next(Range(m)))
		if nx, ok := v.Tuple.(*ssa.Next); ok {
			if r, ok := nx.Iter.(*ssa.Range); ok {
				return fieldSource(r.X, depth+1)
			}
		}
	}
	return ""
}

// callbackClass returns the pseudo class of a call through an interface
// value or function read from a field, or "".
func callbackClass(cc *ssa.CallCommon) string {
	if cc.IsInvoke() {
		if isSyncLocker(cc.Value.Type()) || fromAssertion(cc.Value) {
			return ""
		}
		if f := fieldSource(cc.Value, 0); f != "" {
			return cbPrefix + f + "." + cc.Method.Name()
		}
		return ""
	}
	if _, ok := cc.Value.Type().Underlying().(*types.Signature); !ok {
		return ""
	}
	switch cc.Value.(type) {
	case *ssa.Function, *ssa.MakeClosure, *ssa.Builtin:
		return ""
	}
	if f := fieldSource(cc.Value, 0); f != "" {
		return cbPrefix + f + "."
	}
	return ""
}

// noteFieldCall records a call through a field as an acquisition of its
// pseudo class.
func (c *fnCtx) noteFieldCall(st *state, cc *ssa.CallCommon, pos token.Pos) {
	cls := callbackClass(cc)
	if cls == "" || !c.emit {
		return
	}
	h := held{loc: loc{ref: ref{Class: cls, Param: -1}}, mode: write, site: c.site(pos), pos: pos, ignored: c.p.ignored(pos)}
	c.acquired(st, h, nil, nil, true)
}
