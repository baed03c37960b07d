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

// storedInto lists the field a store writes a listener into and the
// values written: s.f = v, s.f = append(s.f, v), s.f[k] = v.
func storedInto(instr ssa.Instruction) (string, []ssa.Value) {
	switch in := instr.(type) {
	case *ssa.Store:
		switch a := in.Addr.(type) {
		case *ssa.FieldAddr:
			f := fieldID(a.X.Type(), a.Field)
			if call, ok := in.Val.(*ssa.Call); ok {
				if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(call.Call.Args) == 2 {
					return f, appended(call.Call.Args[1])
				}
			}
			return f, []ssa.Value{in.Val}
		case *ssa.IndexAddr:
			return fieldSource(a.X, 0), []ssa.Value{in.Val}
		}
	case *ssa.MapUpdate:
		return fieldSource(in.Map, 0), []ssa.Value{in.Value}
	}
	return "", nil
}

// appended returns the values of append's variadic slice
// (append(s, a, b) builds a new array holding a and b).
func appended(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// store handles a store instruction: a listener of known type stored into
// a field is recorded; a parameter stored into one makes this function a
// registration method, in its summary.
func (c *fnCtx) store(instr ssa.Instruction) {
	f, vals := storedInto(instr)
	if f == "" || !c.emit {
		return
	}
	for _, v := range vals {
		c.storeValue(f, v, instr.Pos())
	}
}

func (c *fnCtx) storeValue(field string, v ssa.Value, pos token.Pos) {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range c.fn.Params {
			if p == v && len(c.fact.Stores) < maxCallbacks {
				c.fact.Stores = append(c.fact.Stores, paramStore{Param: i, Field: field})
			}
		}
	case *ssa.MakeInterface:
		c.p.storeType(field, v.X.Type(), v.Type(), c.site(pos))
	case *ssa.Function:
		c.p.storeFunc(field, v, c.site(pos))
	case *ssa.MakeClosure:
		c.p.storeFunc(field, v.Fn.(*ssa.Function), c.site(pos))
	}
}

// applyStores maps a callee's registrations onto its arguments.
func (c *fnCtx) applyStores(t target, pos token.Pos) {
	if !c.emit || t.dynamic {
		return
	}
	for _, s := range t.fact.Stores {
		if s.Param < len(t.args) {
			c.storeValue(s.Field, t.args[s.Param], pos)
		}
	}
}

// storeType records the methods of the concrete type t stored into field
// (whose static type, or element type, is the interface iface).
func (p *pkgState) storeType(field string, t, iface types.Type, at site) {
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sel := ms.Lookup(m.Pkg(), m.Name())
		if sel == nil {
			continue
		}
		obj, _ := sel.Obj().(*types.Func)
		if obj == nil {
			continue
		}
		var f *funcFact
		if fn := p.prog().FuncValue(obj); fn != nil && len(fn.Blocks) > 0 {
			f = p.summarize(fn)
		} else if fn != nil {
			f = p.factOf(fn)
		}
		p.addStore(fieldStore{Field: cbPrefix + field + "." + m.Name(), Impl: objName(obj), At: at}, f)
	}
}

func (p *pkgState) storeFunc(field string, fn *ssa.Function, at site) {
	p.addStore(fieldStore{Field: cbPrefix + field + ".", Impl: funcName(fn), At: at}, p.factOf(fn))
}

func (p *pkgState) addStore(s fieldStore, f *funcFact) {
	if f == nil {
		return
	}
	for _, a := range f.Acquires {
		if !isCallback(a.Ref.Class) {
			s.Acquires = append(s.Acquires, a)
		}
	}
	if len(s.Acquires) == 0 {
		return
	}
	k := s.Field + " " + s.Impl
	if !p.storeSeen[k] {
		p.storeSeen[k] = true
		p.stores = append(p.stores, s)
	}
}

func (p *pkgState) prog() *ssa.Program { return p.ssaProg }
