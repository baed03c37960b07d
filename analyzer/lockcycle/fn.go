package lockcycle

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// fnCtx is the analysis of one function.
type fnCtx struct {
	p     *pkgState
	fn    *ssa.Function
	emit  bool // second pass: report and summarise
	fact  *funcFact
	exits []exit
	pairs []pair // same-class acquisitions on two parameters
	// uncertain is set when a dynamic call may release or take locks for
	// good: then the locksets at returns are not trusted for missing unlocks.
	uncertain bool
}

// exit is the lockset at one return, after the deferred calls ran.
type exit struct {
	held     []held
	released []loc
	pos      token.Pos
	results  []ssa.Value
}

// summarize returns fn's summary, analysing fn once. A recursive call
// sees an empty summary.
func (p *pkgState) summarize(fn *ssa.Function) *funcFact {
	if f, ok := p.summaries[fn]; ok {
		return f
	}
	if p.inProgress[fn] {
		return &funcFact{}
	}
	p.inProgress[fn] = true
	f := p.analyze(fn)
	delete(p.inProgress, fn)
	p.summaries[fn] = f
	return f
}

func (p *pkgState) analyze(fn *ssa.Function) (f *funcFact) {
	c := &fnCtx{p: p, fn: fn, fact: &funcFact{}}
	defer func() {
		// A shape lockcycle does not handle must not stop the analysis
		// of the rest of the package: the function is left unsummarised.
		if r := recover(); r != nil {
			f = &funcFact{}
		}
	}()
	if len(fn.Blocks) == 0 || len(fn.Blocks) > maxBlocks {
		return c.fact
	}
	in := c.fixpoint()
	if in == nil {
		return c.fact
	}
	c.emit = true
	for _, b := range fn.Blocks {
		if !in[b.Index].top {
			c.block(b, in[b.Index].clone())
		}
	}
	c.finish()
	return c.fact
}

// fixpoint computes the lockset at the entry of every block, or nil when
// the iteration does not settle.
func (c *fnCtx) fixpoint() []*state {
	blocks := c.fn.Blocks
	in := make([]*state, len(blocks))
	for i := range in {
		in[i] = &state{top: true}
	}
	in[0] = &state{}
	work := []*ssa.BasicBlock{blocks[0]}
	queued := make([]bool, len(blocks))
	queued[0] = true
	for budget := 20*len(blocks) + 100; len(work) > 0; budget-- {
		if budget == 0 {
			return nil
		}
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		out := c.block(b, in[b.Index].clone())
		for _, s := range b.Succs {
			n := meet(in[s.Index], c.edgeState(b, s, out))
			if !equal(n, in[s.Index]) {
				in[s.Index] = n
				if !queued[s.Index] {
					queued[s.Index] = true
					work = append(work, s)
				}
			}
		}
	}
	return in
}

// edgeState is the state flowing from b to its successor s: on the branch
// where a TryLock succeeded, the lock is held.
func (c *fnCtx) edgeState(b, s *ssa.BasicBlock, out *state) *state {
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || out.dead {
		return out
	}
	cond, succ := iff.Cond, 0
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, succ = u.X, 1
	}
	call, ok := cond.(*ssa.Call)
	if !ok || b.Succs[succ] != s || b.Succs[0] == b.Succs[1] {
		return out
	}
	k, mu := lockOp(&call.Call)
	if k != opTryLock && k != opTryRLock {
		return out
	}
	m := write
	if k == opTryRLock {
		m = read
	}
	st := out.clone()
	st.held = append(st.held, held{loc: describe(c.fn, mu), mode: m, site: c.site(call.Pos()), pos: call.Pos(), direct: true})
	return st
}

func (c *fnCtx) block(b *ssa.BasicBlock, st *state) *state {
	for _, instr := range b.Instrs {
		if k := joinOf(c.fn, instr); k != "" && !contains(st.joined, k) {
			st.joined = append(st.joined, k)
		}
		switch in := instr.(type) {
		case *ssa.Call:
			if c.emit {
				c.noteRing(st, in)
			}
			c.call(st, &in.Call, in.Pos())
		case *ssa.Defer:
			st.defers = append(st.defers, in)
		case *ssa.Go:
			c.spawn(st, &in.Call)
		case *ssa.Return:
			c.ret(st, in)
		case *ssa.Panic:
			st.dead = true
		case *ssa.Store, *ssa.MapUpdate:
			c.store(in)
		}
	}
	return st
}

// call applies one call to the state: a lock operation, or a callee's
// summary.
func (c *fnCtx) call(st *state, cc *ssa.CallCommon, pos token.Pos) {
	if k, mu := lockOp(cc); k != opNone {
		if l, k, rw, ok := c.lockerLoad(k, mu); ok {
			c.lockOp(st, k, l, rw, pos)
			return
		}
		c.lockOp(st, k, describe(c.fn, mu), isRWMutex(mu.Type()), pos)
		return
	}
	if noReturn(cc) {
		st.dead = true
		return
	}
	if cc.IsInvoke() {
		c.noteCallback(st, cc, pos)
	}
	c.noteFieldCall(st, cc, pos)
	for _, t := range c.targets(cc) {
		c.apply(st, t, pos)
	}
}

func (c *fnCtx) lockOp(st *state, k opKind, l loc, rw bool, pos token.Pos) {
	switch k {
	case opLock, opRLock:
		m := write
		if k == opRLock {
			m = read
		}
		h := held{loc: l, mode: m, site: c.site(pos), pos: pos, ignored: c.p.ignored(pos), direct: true, rw: rw}
		c.acquired(st, h, nil, nil, false)
		st.held = append(st.held, h)
	case opUnlock, opRUnlock:
		c.release(st, l)
	}
}

func (c *fnCtx) release(st *state, l loc) {
	if !st.release(l) && (l.Param >= 0 || l.GlobalKey != "") && !hasLoc(st.released, l) {
		st.released = append(st.released, l)
	}
}

// spawn handles a go statement: the new goroutine holds nothing, but a
// lock it releases that this function holds is handed off to it
// (go ac.resetTransportAndUnlock()).
func (c *fnCtx) spawn(st *state, cc *ssa.CallCommon) {
	if fn := cc.StaticCallee(); fn != nil && c.emit {
		c.p.noteCall(c.fn, fn, nil, nil, false)
	}
	if cc.IsInvoke() {
		return
	}
	for _, t := range c.targets(cc) {
		if t.dynamic {
			continue
		}
		for _, r := range t.fact.Releases {
			st.release(c.mapRef(r, t.args))
		}
	}
}

// ret runs the deferred calls and records the lockset at the return.
func (c *fnCtx) ret(st *state, r *ssa.Return) {
	s := st.clone()
	for i := len(s.defers) - 1; i >= 0; i-- {
		d := s.defers[i]
		c.call(s, &d.Call, d.Pos())
	}
	if c.emit && !st.dead {
		c.exits = append(c.exits, exit{held: s.held, released: s.released, pos: r.Pos(), results: r.Results})
	}
}

func (c *fnCtx) site(pos token.Pos) site {
	p := c.p.pass.Fset.Position(pos)
	return site{File: p.Filename, Line: p.Line, Col: p.Column, Func: funcName(c.fn)}
}

// lockNamed reports whether fn's name says it is a lock helper.
func lockNamed(fn *ssa.Function) bool {
	n := strings.NewReplacer("block", "", "clock", "").Replace(strings.ToLower(fn.Name()))
	return strings.Contains(n, "lock") || strings.Contains(n, "acquire")
}
