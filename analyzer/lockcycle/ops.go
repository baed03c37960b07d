package lockcycle

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// opKind is what a call does to a mutex.
type opKind uint8

const (
	opNone opKind = iota
	opLock
	opRLock
	opUnlock
	opRUnlock
	opTryLock
	opTryRLock
)

// lockOp recognises a call to a sync.Mutex or sync.RWMutex method and
// returns the operation and the mutex pointer.
func lockOp(c *ssa.CallCommon) (opKind, ssa.Value) {
	if c.IsInvoke() || len(c.Args) == 0 {
		return opNone, nil
	}
	fn, ok := c.Value.(*ssa.Function)
	if !ok || fn.Signature.Recv() == nil || !isSyncMutex(fn.Signature.Recv().Type()) {
		return opNone, nil
	}
	var k opKind
	switch fn.Name() {
	case "Lock":
		k = opLock
	case "Unlock":
		k = opUnlock
	case "RLock":
		k = opRLock
	case "RUnlock":
		k = opRUnlock
	case "TryLock":
		k = opTryLock
	case "TryRLock":
		k = opTryRLock
	default:
		return opNone, nil
	}
	return k, c.Args[0]
}

func isSyncMutex(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync" {
		return false
	}
	return n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex"
}

// noReturn reports whether a call never returns normally, so that the path
// after it is not a real return path.
func noReturn(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil {
		if c.IsInvoke() {
			switch c.Method.Name() {
			case "Fatal", "Fatalf", "FailNow", "SkipNow", "Skip", "Skipf":
				return true
			}
		}
		return false
	}
	pkg := ""
	if o := fn.Object(); o != nil && o.Pkg() != nil {
		pkg = o.Pkg().Path()
	}
	switch pkg + "." + fn.Name() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln",
		"runtime.Goexit", "testing.Fatal", "testing.Fatalf", "testing.FailNow", "testing.Skip", "testing.Skipf", "testing.SkipNow":
		return true
	}
	return false
}

func isRWMutex(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		n, ok := types.Unalias(p.Elem()).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "RWMutex"
	}
	return false
}
