package rewrite

import (
	"go/ast"
	"go/types"
)

// bubble warns about a call of testing/synctest's Test or Run: the
// goroutines of its bubble run outside deadhunt's control (the scheduler
// neither orders them nor reports their deadlocks), which the report must
// say rather than count the test's passing runs as a clean result.
func (f *fileRewriter) bubble(c *ast.CallExpr) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	fn, ok := f.p.in.Info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "testing/synctest" {
		return
	}
	if fn.Name() == "Test" || fn.Name() == "Run" {
		f.warn(c.Pos(), "synctest bubble not controlled: deadlocks among its goroutines go unseen")
	}
}
