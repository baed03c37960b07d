package lockcycle

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Lockers kept in fields: x.read = x.mu.RLocker() (or x.l = &x.mu) makes
// every x.read.Lock() of the package a read lock of x.mu. The stores of
// the package decide: a field all of whose stores wrap the same mutex,
// relative to the object holding the field (or one package variable),
// stands for that mutex; any other store leaves the field a Locker of its
// own.

// lockerField is what a sync.Locker field stands for.
type lockerField struct {
	r    ref  // the mutex, relative to the field's holder (Param 0)
	read bool // the Locker is an RLocker
	rw   bool // the mutex is a sync.RWMutex
}

// lockerFieldOf returns what the Locker loaded from fa stands for, or nil.
func (p *pkgState) lockerFieldOf(fa *ssa.FieldAddr) *lockerField {
	if p.lockerFields == nil {
		p.lockerFields = make(map[string]*lockerField)
		for _, fn := range p.srcFuncs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if st, ok := instr.(*ssa.Store); ok {
						p.noteLockerStore(fn, st)
					}
				}
			}
		}
	}
	return p.lockerFields[fieldKey(fa)]
}

// noteLockerStore records a store into a sync.Locker field; a store that
// disagrees with an earlier one (or wraps an unknown Locker) voids the field.
func (p *pkgState) noteLockerStore(fn *ssa.Function, st *ssa.Store) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok || !isLockerIface(st.Val.Type()) {
		return
	}
	k := fieldKey(fa)
	lf := wrappedLock(fn, fa.X, st.Val)
	if old, seen := p.lockerFields[k]; seen && (old == nil || lf == nil || *old != *lf) {
		lf = nil
	}
	p.lockerFields[k] = lf
}

// wrappedLock names the mutex a Locker value wraps, relative to holder:
// MakeInterface(&holder.mu) or holder.mu.RLocker().
func wrappedLock(fn *ssa.Function, holder, v ssa.Value) *lockerField {
	lf := &lockerField{}
	var mu ssa.Value
	switch v := v.(type) {
	case *ssa.MakeInterface:
		if !isSyncMutex(v.X.Type()) {
			return nil
		}
		mu = v.X
	case *ssa.Call:
		if !isRLocker(&v.Call) {
			return nil
		}
		mu, lf.read = v.Call.Args[0], true
	default:
		return nil
	}
	lf.rw = isRWMutex(mu.Type())
	l, h := describe(fn, mu), describe(fn, holder)
	switch {
	case l.global:
		lf.r = ref{Class: l.Class, Param: -1, GlobalKey: l.key}
	case h.key != "" && strings.HasPrefix(l.key, h.key+"."):
		lf.r = ref{Class: l.Class, Param: 0, Path: strings.TrimPrefix(l.key, h.key)}
	default:
		return nil
	}
	return lf
}

// lockerLoad resolves l.Lock() on a Locker loaded from a field that
// stands for a known mutex: its lock, the operation in its mode, and
// whether it is an RWMutex.
func (c *fnCtx) lockerLoad(k opKind, v ssa.Value) (loc, opKind, bool, bool) {
	ld, ok := v.(*ssa.UnOp)
	fa, isField := fieldOf(ld, ok)
	if !isField || !isLockerIface(v.Type()) {
		return loc{}, k, false, false
	}
	lf := c.p.lockerFieldOf(fa)
	if lf == nil {
		return loc{}, k, false, false
	}
	if lf.read {
		k = map[opKind]opKind{opLock: opRLock, opUnlock: opRUnlock}[k]
	}
	return mapOnto(c.fn, lf.r, []ssa.Value{fa.X}), k, lf.rw, true
}
