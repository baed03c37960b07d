package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"strconv"
)

// fileRewriter collects the edits of one file.
type fileRewriter struct {
	p       *pkgRewriter
	file    *ast.File
	tf      *token.File
	src     []byte
	name    string // absolute file name
	edits   []edit
	handled map[ast.Node]bool // nodes rewritten as part of their parent
	recv2   map[ast.Node]bool // receives in comma-ok form
	tmp     int
	keep    []string // qualified functions whose import must stay used
	funcs   []funcCtx
	globals int // closures at package level
	stack   []ast.Node
	aliases map[*types.Var]ast.Expr // see aliasOf
}

// funcCtx is an enclosing function: its runtime-style name (pkg.(*T).M,
// pkg.F.func1) and the name lockcycle uses for its locals (T.M, F).
type funcCtx struct {
	name, top string
	lits      int
	lit       bool
}

func (p *pkgRewriter) file(f *ast.File) error {
	tf := p.in.Fset.File(f.Pos())
	name := tf.Name()
	if isCgo(f) {
		p.warn(f.Package, "cgo file not instrumented")
		return nil
	}
	src, ok := p.in.Src[name]
	if !ok {
		var err error
		if src, err = os.ReadFile(name); err != nil {
			return fmt.Errorf("rewrite: %w", err)
		}
	}
	if len(src) != tf.Size() {
		return fmt.Errorf("rewrite: %s changed since it was parsed", name)
	}
	fr := &fileRewriter{p: p, file: f, tf: tf, src: src, name: absName(name),
		handled: map[ast.Node]bool{}, recv2: map[ast.Node]bool{}}
	ast.Inspect(f, fr.inspect)
	if len(fr.edits) == 0 {
		return nil
	}
	fr.insert(f.Name.End(), `; import __dhrt "`+RuntimePath+`"`)
	o := newOut(src, tf, fr.name, fr.edits)
	o.orig(0, len(src))
	// Some rewrites call only the helpers of the sites file (a range over
	// a channel calls __dhRange): the import must then still be used.
	if !o.usesRT {
		fr.keep = append(fr.keep, "__dhrt.Site{}")
	}
	if len(fr.keep) > 0 && len(src) > 0 && src[len(src)-1] != '\n' {
		o.gen("\n")
	}
	seen := map[string]bool{}
	for _, k := range fr.keep {
		if !seen[k] {
			seen[k] = true
			o.gen("var _ = " + k + "\n")
		}
	}
	p.res.Files[name] = []byte(o.String())
	return nil
}

func (f *fileRewriter) inspect(n ast.Node) bool {
	if n == nil {
		switch f.stack[len(f.stack)-1].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			f.funcs = f.funcs[:len(f.funcs)-1]
		}
		f.stack = f.stack[:len(f.stack)-1]
		return true
	}
	var parent ast.Node
	if len(f.stack) > 0 {
		parent = f.stack[len(f.stack)-1]
	}
	f.stack = append(f.stack, n)
	switch n := n.(type) {
	case *ast.FuncDecl:
		f.enterFunc(n)
		f.testFunc(n)
	case *ast.FuncLit:
		f.enterLit()
	case *ast.CallExpr:
		f.bubble(n)
		f.call(n)
	case *ast.SelectorExpr:
		f.methodValue(n)
	case *ast.SendStmt:
		f.send(n, parent)
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			f.recv(n)
		}
	case *ast.AssignStmt:
		if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
			f.recv2[ast.Unparen(n.Rhs[0])] = true
			if u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW && !f.handled[u] && !f.okIsBool(n) {
				f.handled[u] = true
				f.warn(u.OpPos, "receive from %s not instrumented: its ok is not of type bool", f.text(u.X))
			}
		}
	case *ast.ValueSpec:
		if len(n.Names) == 2 && len(n.Values) == 1 {
			f.recv2[ast.Unparen(n.Values[0])] = true
		}
	case *ast.RangeStmt:
		f.rangeChan(n)
		f.rangeMap(n)
	case *ast.SelectStmt:
		f.selectStmt(n, parent)
	case *ast.GoStmt:
		f.goStmt(n)
	}
	return true
}

func (f *fileRewriter) pkgName() string { return f.p.in.Pkg.Name() }

func (f *fileRewriter) enterFunc(d *ast.FuncDecl) {
	name, top := d.Name.Name, d.Name.Name
	if d.Recv != nil && len(d.Recv.List) == 1 {
		t := d.Recv.List[0].Type
		star := false
		if s, ok := t.(*ast.StarExpr); ok {
			t, star = s.X, true
		}
		switch x := t.(type) {
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		}
		if id, ok := t.(*ast.Ident); ok {
			top = id.Name + "." + d.Name.Name
			name = top
			if star {
				name = "(*" + id.Name + ")." + d.Name.Name
			}
		}
	}
	f.funcs = append(f.funcs, funcCtx{name: f.pkgName() + "." + name, top: top})
}

func (f *fileRewriter) enterLit() {
	if len(f.funcs) == 0 {
		f.globals++
		n := strconv.Itoa(f.globals)
		f.funcs = append(f.funcs, funcCtx{name: f.pkgName() + ".init.func" + n, top: "init", lit: true})
		return
	}
	parent := &f.funcs[len(f.funcs)-1]
	parent.lits++
	n := strconv.Itoa(parent.lits)
	name := parent.name + ".func" + n
	if parent.lit {
		name = parent.name + "." + n
	}
	f.funcs = append(f.funcs, funcCtx{name: name, top: parent.top, lit: true})
}

func (f *fileRewriter) curFunc() funcCtx {
	if len(f.funcs) == 0 {
		return funcCtx{name: f.pkgName() + ".init", top: "init"}
	}
	return f.funcs[len(f.funcs)-1]
}

// site records a static site and returns its index.
func (f *fileRewriter) site(pos token.Pos, opName, class string) int {
	p := f.p.in.Fset.PositionFor(pos, false)
	s := Site{File: f.name, Line: p.Line, Col: p.Column, Func: f.curFunc().name, Op: opName, Class: class}
	f.p.res.Sites = append(f.p.res.Sites, s)
	return len(f.p.res.Sites) - 1
}

// siteObj records a static site of an operation on obj (objOf).
func (f *fileRewriter) siteObj(pos token.Pos, opName, obj string) int {
	i := f.site(pos, opName, "")
	f.p.res.Sites[i].Obj = obj
	return i
}

func (f *fileRewriter) off(p token.Pos) int { return f.tf.Offset(p) }

// replace registers an edit replacing node n.
func (f *fileRewriter) replace(n ast.Node, gen func(w *out)) {
	f.edits = append(f.edits, edit{pos: f.off(n.Pos()), end: f.off(n.End()), gen: gen})
}

// insert registers an insertion of text at p.
func (f *fileRewriter) insert(p token.Pos, text string) {
	at := f.off(p)
	f.edits = append(f.edits, edit{pos: at, end: at, gen: func(w *out) { w.gen(text) }})
}

// node writes the rewritten text of n.
func (f *fileRewriter) node(w *out, n ast.Node) { w.orig(f.off(n.Pos()), f.off(n.End())) }

func (f *fileRewriter) newTmp() string {
	f.tmp++
	return "__dh" + strconv.Itoa(f.tmp)
}

func (f *fileRewriter) text(n ast.Node) string { return string(f.src[f.off(n.Pos()):f.off(n.End())]) }

func (f *fileRewriter) warn(pos token.Pos, format string, args ...any) {
	f.p.warn(pos, format, args...)
}

func (f *fileRewriter) typeOf(e ast.Expr) types.Type { return f.p.in.Info.TypeOf(e) }

// okIsBool reports whether the second target of a comma-ok assignment
// accepts a bool (the runtime returns bool, not an untyped boolean).
func (f *fileRewriter) okIsBool(a *ast.AssignStmt) bool {
	if a.Tok == token.DEFINE || len(a.Lhs) < 2 {
		return true
	}
	if id, ok := a.Lhs[1].(*ast.Ident); ok && id.Name == "_" {
		return true
	}
	t := f.typeOf(a.Lhs[1])
	return t == nil || types.AssignableTo(types.Typ[types.Bool], t)
}
