package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// fieldTargets resolves a call through a function stored in a struct field
// to the functions this package stores into that field.
func (p *pkgState) fieldTargets(cc *ssa.CallCommon, fa *ssa.FieldAddr) []target {
	p.addressTaken()
	return p.dynamicTargets(cc, p.fieldIdx[fieldKey(fa)])
}

// dynamicTargets are the functions of fns that take a lock, as targets of
// the dynamic call cc; nil when there are more than maxImpls (too vague to
// report on).
func (p *pkgState) dynamicTargets(cc *ssa.CallCommon, fns []*ssa.Function) []target {
	var out []target
	for _, fn := range fns {
		f := p.summarize(fn)
		if f.lockFree() {
			continue
		}
		out = append(out, target{fact: f, args: cc.Args, name: funcName(fn), dynamic: true, fn: fn})
		if len(out) > maxImpls {
			return nil
		}
	}
	return out
}

func fieldKey(fa *ssa.FieldAddr) string {
	return types.TypeString(fa.X.Type(), nil) + "." + fieldName(fa.X.Type(), fa.Field)
}

// valueTargets resolves a call through a function value to this package's
// functions of the same signature whose address is taken.
func (p *pkgState) valueTargets(cc *ssa.CallCommon) []target {
	sig := cc.Signature()
	var same []*ssa.Function
	for _, fn := range p.addressTaken() {
		if types.Identical(fn.Signature, sig) {
			same = append(same, fn)
		}
	}
	return p.dynamicTargets(cc, same)
}

// addressTaken lists the functions and closures of this package used as
// values rather than called in place.
func (p *pkgState) addressTaken() []*ssa.Function {
	if p.valueDone {
		return p.valueIdx
	}
	p.valueDone = true
	p.fieldIdx = make(map[string][]*ssa.Function)
	seen := make(map[*ssa.Function]bool)
	for _, fn := range p.srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				p.scanValues(instr, seen)
			}
		}
	}
	return p.valueIdx
}

func (p *pkgState) scanValues(instr ssa.Instruction, seen map[*ssa.Function]bool) {
	if st, ok := instr.(*ssa.Store); ok {
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
			var fn *ssa.Function
			val := st.Val
			if ct, ok := val.(*ssa.ChangeType); ok { // a func literal given a named func type
				val = ct.X
			}
			switch v := val.(type) {
			case *ssa.Function:
				fn = v
			case *ssa.MakeClosure:
				fn = v.Fn.(*ssa.Function)
			}
			if fn != nil {
				k := fieldKey(fa)
				p.fieldIdx[k] = append(p.fieldIdx[k], fn)
			}
		}
	}
	var callee ssa.Value
	if ci, ok := instr.(ssa.CallInstruction); ok {
		callee = ci.Common().Value
	}
	if mc, ok := instr.(*ssa.MakeClosure); ok {
		if fn := mc.Fn.(*ssa.Function); !seen[fn] && !calledInPlace(mc) {
			seen[fn] = true
			p.valueIdx = append(p.valueIdx, fn)
		}
		return
	}
	for _, op := range instr.Operands(nil) {
		if fn, ok := (*op).(*ssa.Function); ok && *op != callee && !seen[fn] && len(fn.Blocks) > 0 {
			seen[fn] = true
			p.valueIdx = append(p.valueIdx, fn)
		}
	}
}

func calledInPlace(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		ci, ok := r.(ssa.CallInstruction)
		if !ok || ci.Common().Value != mc {
			return false
		}
	}
	return true
}
