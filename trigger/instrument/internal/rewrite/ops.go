package rewrite

import (
	"cmp"
	"go/ast"
	"go/types"
	"strconv"
)

// op is a call that becomes a call of a runtime function:
// __dhrt.<fn>(<receiver>, <args>..., &__dhSites[site]).
type op struct {
	fn    string
	recv  ast.Expr         // nil for plain functions (close, time.Sleep)
	plain bool             // a package's function (time.Sleep), not a builtin
	path  string           // implicit embedded fields after recv, e.g. ".Mutex"
	sel   *types.Selection // the method selection, for promoted methods
	addr  bool             // take the address of recv+path
	lock  bool             // a lock operation: its site carries a class
	args  []ast.Expr
	// ellipsis is set when the call's last argument is spread (f(xs...)).
	ellipsis bool
	inst     string // explicit instantiation, for close of a type parameter
}

// methodOps maps package.Type.Method to the runtime function replacing it.
var methodOps = map[string]string{
	"sync.Mutex.Lock":       "Lock",
	"sync.Mutex.Unlock":     "Unlock",
	"sync.Mutex.TryLock":    "TryLock",
	"sync.RWMutex.Lock":     "RWLock",
	"sync.RWMutex.Unlock":   "RWUnlock",
	"sync.RWMutex.TryLock":  "RWTryLock",
	"sync.RWMutex.RLock":    "RLock",
	"sync.RWMutex.RUnlock":  "RUnlock",
	"sync.RWMutex.TryRLock": "TryRLock",
	"sync.RWMutex.RLocker":  "RLocker",
	"sync.Locker.Lock":      "LockerLock",
	"sync.Locker.Unlock":    "LockerUnlock",
	"sync.WaitGroup.Add":    "WGAdd",
	"sync.WaitGroup.Done":   "WGDone",
	"sync.WaitGroup.Wait":   "WGWait",
	"sync.WaitGroup.Go":     "WGGo",
	"sync.Cond.Wait":        "CondWait",
	"sync.Cond.Signal":      "CondSignal",
	"sync.Cond.Broadcast":   "CondBroadcast",
	"sync.Once.Do":          "OnceDo",
	"testing.T.Run":         "Run",
	"testing.T.Parallel":    "Parallel",
	"sync.Map.Range":        "SyncMapRange",
	"time.Timer.Stop":       "TimerStop",
	"time.Timer.Reset":      "TimerReset",
	"time.Ticker.Stop":      "TickerStop",
	"time.Ticker.Reset":     "TickerReset",
	// A generator registered by RandNewDrawn draws these from the
	// scheduler; any other generator's are the real methods.
	"math/rand.Rand.Intn":       "RandRIntn",
	"math/rand.Rand.Int31n":     "RandRInt31n",
	"math/rand.Rand.Int63n":     "RandRInt63n",
	"math/rand.Rand.Perm":       "RandRPerm",
	"math/rand.Rand.Shuffle":    "RandRShuffle",
	"math/rand/v2.Rand.IntN":    "RandV2RIntN",
	"math/rand/v2.Rand.Int32N":  "RandV2RInt32N",
	"math/rand/v2.Rand.Int64N":  "RandV2RInt64N",
	"math/rand/v2.Rand.UintN":   "RandV2RUintN",
	"math/rand/v2.Rand.Uint32N": "RandV2RUint32N",
	"math/rand/v2.Rand.Uint64N": "RandV2RUint64N",
	"math/rand/v2.Rand.Perm":    "RandV2RPerm",
	"math/rand/v2.Rand.Shuffle": "RandV2RShuffle",
}

// randOps are the random draws of math/rand and math/rand/v2, which draw
// from the scheduler (the runtime's rand.go).
var randOps = map[string]string{
	"math/rand.Int":            "RandInt",
	"math/rand.Int31":          "RandInt31",
	"math/rand.Int63":          "RandInt63",
	"math/rand.Uint32":         "RandUint32",
	"math/rand.Uint64":         "RandUint64",
	"math/rand.Float64":        "RandFloat64",
	"math/rand.Float32":        "RandFloat32",
	"math/rand.ExpFloat64":     "RandExpFloat64",
	"math/rand.NormFloat64":    "RandNormFloat64",
	"math/rand.Intn":           "RandIntn",
	"math/rand.Int31n":         "RandInt31n",
	"math/rand.Int63n":         "RandInt63n",
	"math/rand.Perm":           "RandPerm",
	"math/rand.Shuffle":        "RandShuffle",
	"math/rand/v2.Int":         "RandV2Int",
	"math/rand/v2.Int32":       "RandV2Int32",
	"math/rand/v2.Int64":       "RandV2Int64",
	"math/rand/v2.Uint":        "RandV2Uint",
	"math/rand/v2.Uint32":      "RandV2Uint32",
	"math/rand/v2.Uint64":      "RandV2Uint64",
	"math/rand/v2.Float64":     "RandV2Float64",
	"math/rand/v2.Float32":     "RandV2Float32",
	"math/rand/v2.ExpFloat64":  "RandV2ExpFloat64",
	"math/rand/v2.NormFloat64": "RandV2NormFloat64",
	"math/rand/v2.IntN":        "RandV2IntN",
	"math/rand/v2.Int32N":      "RandV2Int32N",
	"math/rand/v2.Int64N":      "RandV2Int64N",
	"math/rand/v2.UintN":       "RandV2UintN",
	"math/rand/v2.Uint32N":     "RandV2Uint32N",
	"math/rand/v2.Uint64N":     "RandV2Uint64N",
	"math/rand/v2.N":           "RandV2N",
	"math/rand/v2.Perm":        "RandV2Perm",
	"math/rand/v2.Shuffle":     "RandV2Shuffle",
	// Outside the scheduler: the run notes them (a blind spot).
	"hash/maphash.MakeSeed": "MaphashMakeSeed",
	"crypto/rand.Read":      "CryptoRandRead",
	"crypto/rand.Int":       "CryptoRandInt",
}

func init() {
	for k, v := range randOps {
		funcOps[k] = v
	}
}

// drawnGenOp is the runtime function of rand.New(rand.NewSource(seed))
// (or NewPCG) when the seed is not a constant, or "".
func (f *fileRewriter) drawnGenOp(c *ast.CallExpr, key string) string {
	fn := map[string]string{"math/rand.New": "RandNewDrawn", "math/rand/v2.New": "RandV2NewDrawn"}[key]
	if fn == "" || len(c.Args) != 1 {
		return ""
	}
	inner, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr)
	if !ok {
		return ""
	}
	obj := calledFunc(f.p.in.Info, inner)
	if obj == nil {
		return ""
	}
	switch funcKey(obj) {
	case "math/rand.NewSource", "math/rand/v2.NewPCG":
	default:
		return ""
	}
	for _, a := range inner.Args {
		if f.p.in.Info.Types[a].Value == nil {
			return fn // seeded from something else than a constant
		}
	}
	return ""
}

// calledFunc is the package function c calls, or nil.
func calledFunc(info *types.Info, c *ast.CallExpr) *types.Func {
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		obj, _ := info.Uses[fun].(*types.Func)
		return obj
	case *ast.SelectorExpr:
		obj, _ := info.Uses[fun.Sel].(*types.Func)
		return obj
	}
	return nil
}

// funcOps maps package.Func to the runtime function replacing it: the
// plain functions (their package's import must stay used).
var funcOps = map[string]string{
	"time.Sleep":                "Sleep",
	"runtime.Gosched":           "Gosched",
	"runtime.Stack":             "Stack", // without the scheduler's own goroutines
	"time.Now":                  "Now",
	"time.Since":                "Since",
	"time.Until":                "Until",
	"time.After":                "After",
	"time.Tick":                 "Tick",
	"time.NewTimer":             "NewTimer",
	"time.NewTicker":            "NewTicker",
	"time.AfterFunc":            "AfterFunc",
	"context.WithCancel":        "WithCancel",
	"context.WithCancelCause":   "WithCancelCause",
	"context.WithTimeout":       "WithTimeout",
	"context.WithTimeoutCause":  "WithTimeoutCause",
	"context.WithDeadline":      "WithDeadline",
	"context.WithDeadlineCause": "WithDeadlineCause",
	"context.AfterFunc":         "ContextAfterFunc",
	"context.Cause":             "Cause",
	// Iterators over a map: in the order the scheduler draws.
	"maps.Keys":   "MapKeys",
	"maps.Values": "MapValues",
	"maps.All":    "MapAll",
}

// lockOps are the runtime functions whose site names a lock class.
var lockOps = map[string]bool{
	"Lock": true, "Unlock": true, "TryLock": true, "RWLock": true, "RWUnlock": true,
	"RWTryLock": true, "RLock": true, "RUnlock": true, "TryRLock": true, "RLocker": true,
	"LockerLock": true, "LockerUnlock": true,
}

// funcKey names a function or method as methodOps does, or "".
func funcKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return ""
	}
	if sig.Recv() == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
}

// opOf recognises a call to instrument, or returns nil.
func (f *fileRewriter) opOf(c *ast.CallExpr) *op {
	info := f.p.in.Info
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		switch obj := info.Uses[fun].(type) {
		case *types.Builtin:
			if obj.Name() == "close" && len(c.Args) == 1 {
				return &op{fn: "Close", args: c.Args}
			}
		case *types.Func:
			if fn := cmp.Or(funcOps[funcKey(obj)], f.drawnGenOp(c, funcKey(obj))); fn != "" && obj.Pkg() != f.p.in.Pkg {
				return &op{fn: fn, args: c.Args, plain: true}
			}
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[fun]
		if !ok {
			if obj, ok := info.Uses[fun.Sel].(*types.Func); ok {
				if fn := cmp.Or(funcOps[funcKey(obj)], f.drawnGenOp(c, funcKey(obj))); fn != "" {
					return &op{fn: fn, args: c.Args, plain: true}
				}
			}
			return nil
		}
		o := methodOp(fun, sel)
		if o == nil {
			o = deadlineOp(fun, sel)
		}
		if o != nil {
			o.args, o.ellipsis = c.Args, c.Ellipsis.IsValid()
		}
		return o
	}
	return nil
}

// deadlineOps are the deadline setters of the standard library's
// connections, listeners and files (net, crypto/tls, os), each
// func(time.Time) error: the runtime passes the deadline on in real time
// (rt/deadline.go). A type of the module's own that wraps one is left as
// it is (its inner call is rewritten: the deadline is converted once).
var deadlineOps = map[string]bool{"SetDeadline": true, "SetReadDeadline": true, "SetWriteDeadline": true}

var deadlinePkgs = map[string]bool{"net": true, "crypto/tls": true, "os": true}

// deadlineOp recognises a call of such a setter through a pointer or an
// interface (a method value is left alone), or returns nil.
func deadlineOp(fun *ast.SelectorExpr, sel *types.Selection) *op {
	fn, ok := sel.Obj().(*types.Func)
	if sel.Kind() != types.MethodVal || !ok || !deadlineOps[fn.Name()] || fn.Pkg() == nil || !deadlinePkgs[fn.Pkg().Path()] {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || types.TypeString(sig.Params().At(0).Type(), nil) != "time.Time" {
		return nil
	}
	o := &op{fn: fn.Name(), recv: fun.X, sel: sel}
	if o.path, o.addr = embedPath(sel); o.addr {
		return nil // a value receiver: its address may not be taken
	}
	return o
}

// methodOp recognises a method of methodOps selected by fun, called or
// used as a method value, or returns nil: the op without its arguments.
func methodOp(fun *ast.SelectorExpr, sel *types.Selection) *op {
	if sel.Kind() != types.MethodVal {
		return nil
	}
	fn := methodOps[funcKey(sel.Obj().(*types.Func))]
	if fn == "" {
		return nil
	}
	o := &op{fn: fn, recv: fun.X, lock: lockOps[fn], sel: sel}
	o.path, o.addr = embedPath(sel)
	if fn == "LockerLock" || fn == "LockerUnlock" {
		o.addr = false
	}
	return o
}

// embedPath returns the implicit field path of a promoted method selection
// and whether the final receiver must have its address taken.
func embedPath(sel *types.Selection) (string, bool) {
	t := sel.Recv()
	path := ""
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			break
		}
		fld := st.Field(i)
		path += "." + fld.Name()
		t = fld.Type()
	}
	_, isPtr := t.Underlying().(*types.Pointer)
	_, isIface := t.Underlying().(*types.Interface)
	return path, !isPtr && !isIface
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// needsParens reports whether x must be parenthesised before a selector or
// after a unary &.
func needsParens(x ast.Expr) bool {
	switch x.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.CallExpr, *ast.ParenExpr:
		return false
	}
	return true
}

// siteRef is the expression passing site i of the file's site table.
func (f *fileRewriter) siteRef(i int) string {
	return "&" + f.p.table + "[" + strconv.Itoa(i) + "]"
}

// render writes the runtime call of o passing site (a siteRef); recv and
// args write the operands (the original text, or temporaries in a go
// statement).
func (o *op) render(w *out, site string, recv func(), args []func()) {
	w.gen("__dhrt." + o.fn + o.inst + "(")
	if o.recv != nil {
		if o.addr {
			w.gen("&")
		}
		recv()
		w.gen(o.path)
		w.gen(", ")
	}
	for i, a := range args {
		a()
		if i == len(args)-1 && o.ellipsis {
			w.gen("...")
		}
		w.gen(", ")
	}
	w.gen(site + ")")
}
