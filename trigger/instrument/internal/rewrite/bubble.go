package rewrite

import (
	"go/ast"
	"go/types"
)

// bubble warns about a call of testing/synctest's Test or Run: the
// goroutines of its bubble run outside deadhunt's control (the scheduler
// neither orders them nor reports their deadlocks), which the report must
// say rather than count the test's passing runs as a clean result. The
// bubble's function is passed through the runtime's InBubble, which tells
// the run that it entered the bubble: the report names the tests that
// did, not every test of the package.
func (f *fileRewriter) bubble(c *ast.CallExpr) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	fn, ok := f.p.in.Info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "testing/synctest" {
		return
	}
	if (fn.Name() != "Test" && fn.Name() != "Run") || len(c.Args) == 0 {
		return
	}
	f.warn(c.Pos(), "synctest bubble not controlled: deadlocks among its goroutines go unseen")
	arg := c.Args[len(c.Args)-1]
	site := f.site(c.Pos(), "Bubble", "")
	f.insert(arg.Pos(), "__dhrt.InBubble(")
	f.insert(arg.End(), ", "+f.siteRef(site)+")")
}
