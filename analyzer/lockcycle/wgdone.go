package lockcycle

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/deadhunt/deadhunt/report"
)

// A goroutine that calls a WaitGroup's Done on some paths and returns
// without it on another leaves the WaitGroup's counter above zero: a Wait
// for it waits for good. Only goroutine bodies (functions a go statement
// of the package starts) are checked, only for a Done they call
// themselves, not deferred (a deferred Done covers every path), and only
// when the function with the go statement calls Add on that WaitGroup
// itself: a WaitGroup counting something else than the goroutine (a
// resource, Done when it is destroyed elsewhere) is left alone.

// reportMissingDone checks every function the package starts with go.
func (p *pkgState) reportMissingDone() {
	seen := map[*ssa.Function]bool{}
	for _, fn := range p.srcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				g, ok := in.(*ssa.Go)
				if !ok {
					continue
				}
				if body := goBody(&g.Call); body != nil && !seen[body] {
					seen[body] = true
					p.missingDone(body, g.Pos(), addedIn(fn))
				}
			}
		}
	}
}

// goBody is the function a go statement runs, if it is one of the
// package's (a function literal or a named function, not a method value
// or an interface call).
func goBody(c *ssa.CallCommon) *ssa.Function {
	switch v := c.Value.(type) {
	case *ssa.MakeClosure:
		return v.Fn.(*ssa.Function)
	case *ssa.Function:
		return v
	}
	return nil
}

// addedIn lists the classes of the WaitGroups fn calls Add on directly.
func addedIn(fn *ssa.Function) []string {
	var cs []string
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && isWGMethod(&c.Call, "Add") {
				cs = append(cs, describe(fn, c.Call.Args[0]).Class)
			}
		}
	}
	return cs
}

// missingDone reports the returns of goroutine body fn (started at
// started, by a function that called Add on the WaitGroups added) that no
// Done of a WaitGroup reaches on every path, when another path calls it.
// A Done on a parameter of a named body matches any WaitGroup added.
func (p *pkgState) missingDone(fn *ssa.Function, started token.Pos, added []string) {
	if len(fn.Blocks) == 0 {
		return
	}
	var dones []*ssa.Call
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Call:
				if isWGDone(&in.Call) {
					dones = append(dones, in)
				}
			case *ssa.Defer:
				if isWGDone(&in.Call) {
					return // every path
				}
			}
		}
	}
	if len(dones) == 0 {
		return
	}
	for _, d := range dones {
		if inLoop(d.Block()) {
			return // a Done per item of a loop: its exit path does no Done by design
		}
	}
	l := describe(fn, dones[0].Call.Args[0])
	class := l.Class
	if !slices.Contains(added, class) && (l.Param < 0 || fn.Parent() != nil || len(added) == 0) {
		return
	}
	done := mustDone(fn)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || done[b.Index] || noReturnBlock(b) {
			continue
		}
		pos := ret.Pos()
		where := "the return at " + p.siteOf(pos).String()
		if !pos.IsValid() {
			pos, where = fn.Syntax().End(), "the end of the function"
		}
		msg := fmt.Sprintf("missing done: the goroutine started at %s reaches %s without %s.Done, which it calls on other paths (at %s); a Wait for it waits for good",
			p.siteOf(started), where, class, p.siteOf(dones[0].Pos()))
		related := []analysis.RelatedInformation{{Pos: dones[0].Pos(), Message: "Done on another path"}}
		// The WaitGroup's sites: the return that skips Done, then a Done.
		at := sites(p.siteOf(pos), p.siteOf(dones[0].Pos()))
		p.report(pos, report.MissingDone, msg, []report.Lock{{Class: class, Sites: at}}, nil, related)
	}
}

// mustDone is, per block of fn, whether every path from the entry to the
// block's end calls a WaitGroup's Done.
func mustDone(fn *ssa.Function) []bool {
	n := len(fn.Blocks)
	out := make([]bool, n)
	has := make([]bool, n)
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && isWGDone(&c.Call) {
				has[b.Index] = true
			}
		}
		out[b.Index] = true // the greatest fixed point: start from all
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			in := len(b.Preds) > 0
			for _, pr := range b.Preds {
				in = in && out[pr.Index]
			}
			v := has[b.Index] || in
			if v != out[b.Index] {
				out[b.Index], changed = v, true
			}
		}
	}
	return out
}

// inLoop reports whether b can be reached again from itself.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// noReturnBlock reports whether b's path ends in a call that does not
// return normally (panic, os.Exit, t.Fatal and the like) before its Return.
func noReturnBlock(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		switch in := in.(type) {
		case *ssa.Panic:
			return true
		case *ssa.Call:
			if noReturn(&in.Call) {
				return true
			}
		}
	}
	return false
}

// isWGDone reports whether c calls (*sync.WaitGroup).Done.
func isWGDone(c *ssa.CallCommon) bool { return isWGMethod(c, "Done") }

// isWGMethod reports whether c calls (*sync.WaitGroup).name.
func isWGMethod(c *ssa.CallCommon, name string) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != name || fn.Signature.Recv() == nil || len(c.Args) == 0 {
		return false
	}
	ptr, ok := fn.Signature.Recv().Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "sync" && named.Obj().Name() == "WaitGroup"
}
