package lockcycle

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Joins: an edge made after this function waited for a goroutine to end
// (<-s.doneCh, where the goroutine closes doneCh at its end; wg.Wait(),
// where it calls wg.Done at its end) cannot run at the same time as an
// edge that only that goroutine makes: together they make no cycle. The
// state carries the channels and WaitGroups waited on (on every path);
// an edge keeps those of the point where it was made.

// joinOf returns the class of the channel received from, or of the
// WaitGroup waited on, by instr, or "".
func joinOf(fn *ssa.Function, instr ssa.Instruction) string {
	switch in := instr.(type) {
	case *ssa.UnOp:
		if in.Op == token.ARROW {
			return describe(fn, in.X).Class
		}
	case *ssa.Call:
		if isWaitGroupCall(&in.Call, "Wait") {
			return describe(fn, in.Call.Args[0]).Class
		}
	}
	return ""
}

func isWaitGroupCall(cc *ssa.CallCommon, name string) bool {
	fn, ok := cc.Value.(*ssa.Function)
	if !ok || cc.IsInvoke() || fn.Name() != name || fn.Signature.Recv() == nil || len(cc.Args) != 1 {
		return false
	}
	p, ok := fn.Signature.Recv().Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "WaitGroup"
}

// signalOf returns the class of the channel a call closes, or of the
// WaitGroup it calls Done on, or "".
func signalOf(fn *ssa.Function, cc *ssa.CallCommon) string {
	if b, ok := cc.Value.(*ssa.Builtin); ok && b.Name() == "close" && len(cc.Args) == 1 {
		return describe(fn, cc.Args[0]).Class
	}
	if isWaitGroupCall(cc, "Done") {
		return describe(fn, cc.Args[0]).Class
	}
	return ""
}

// signallers indexes the functions that signal a channel or WaitGroup
// class when they end: by a deferred close or Done, or by a close or Done
// in the block of their only return.
func (p *pkgState) signallers() map[string][]*ssa.Function {
	if p.signals != nil {
		return p.signals
	}
	p.signals = make(map[string][]*ssa.Function)
	for _, fn := range p.srcFuncs {
		var rets []*ssa.BasicBlock
		for _, b := range fn.Blocks {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				rets = append(rets, b)
			}
			for _, instr := range b.Instrs {
				if d, ok := instr.(*ssa.Defer); ok {
					if k := signalOf(fn, &d.Call); k != "" {
						p.signals[k] = append(p.signals[k], fn)
					}
				}
			}
		}
		if len(rets) == 1 {
			for _, instr := range rets[0].Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if k := signalOf(fn, &call.Call); k != "" {
						p.signals[k] = append(p.signals[k], fn)
					}
				}
			}
		}
	}
	return p.signals
}

// joined reports whether some edge of the cycle is made after waiting for
// the end of a goroutine that is the only one to make another edge.
func (p *pkgState) joined(combo []cedge) bool {
	for _, a := range combo {
		if a.local == nil {
			continue
		}
		for _, k := range a.local.after {
			for _, g := range p.signallers()[k] {
				for _, b := range combo {
					if b.local != nil && b.edge != a.edge && p.onlyUnder(b.local.fn, g, make(map[*ssa.Function]bool)) {
						return true
					}
				}
			}
		}
	}
	return false
}

// onlyUnder reports whether fn runs only inside calls of root: it is
// root, or all its callers, all known, run only inside root.
func (p *pkgState) onlyUnder(fn, root *ssa.Function, seen map[*ssa.Function]bool) bool {
	if fn == root {
		return true
	}
	if fn == nil || seen[fn] {
		return fn != nil // a recursive path adds no caller
	}
	seen[fn] = true
	if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
		return false
	}
	callers := p.dynCallers[fn]
	for _, cs := range p.calls[fn] {
		callers = append(callers, cs.caller)
	}
	if len(callers) == 0 {
		return false
	}
	for _, c := range callers {
		if !p.onlyUnder(c, root, seen) {
			return false
		}
	}
	return true
}
