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

// lockOp recognises a call to a sync.Mutex or sync.RWMutex method, or to
// Lock or Unlock of a sync.Locker value, and returns the operation and the
// mutex pointer (or the Locker value when what it wraps is unknown).
func lockOp(c *ssa.CallCommon) (opKind, ssa.Value) {
	if c.IsInvoke() {
		return lockerOp(c)
	}
	if len(c.Args) == 0 {
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

// lockerOp recognises l.Lock() and l.Unlock() on a sync.Locker l. A
// Locker made from a mutex pointer stands for that mutex; one returned by
// RWMutex.RLocker stands for the RWMutex in read mode; any other Locker
// value (a parameter, a field) is named like a mutex held in that place.
func lockerOp(c *ssa.CallCommon) (opKind, ssa.Value) {
	if !isLockerIface(c.Value.Type()) {
		return opNone, nil
	}
	var k opKind
	switch c.Method.Name() {
	case "Lock":
		k = opLock
	case "Unlock":
		k = opUnlock
	default:
		return opNone, nil
	}
	v := c.Value
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if call, ok := v.(*ssa.Call); ok && isRLocker(&call.Call) {
		v = call.Call.Args[0]
		k = map[opKind]opKind{opLock: opRLock, opUnlock: opRUnlock}[k]
	}
	return k, v
}

func isLockerIface(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Locker"
}

// isRLocker reports whether c calls (*sync.RWMutex).RLocker.
func isRLocker(c *ssa.CallCommon) bool {
	fn, ok := c.Value.(*ssa.Function)
	return ok && !c.IsInvoke() && fn.Name() == "RLocker" && fn.Signature.Recv() != nil &&
		isRWMutex(fn.Signature.Recv().Type()) && len(c.Args) == 1
}
