package rt

import (
	"bytes"
	"reflect"
	"runtime"
	"slices"
)

// The scheduler's own goroutines (its watchdog, the idle seeds of its
// handover) do not exist in a plain run: a test's leak check that reads
// every goroutine's stack (etcd's testutil, grpc's leakcheck, goleak)
// must not see them, or it skips or fails the test under control only.

// ownFuncs are the functions only the scheduler's own goroutines run, as
// stack dumps name them ("pkg.(*sched).watchdog(").
var ownFuncs = func() [][]byte {
	var fs [][]byte
	for _, f := range []any{(*sched).watchdog, (*sched).seed} {
		fs = append(fs, []byte(runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()+"("))
	}
	return fs
}()

// Stack is runtime.Stack; a dump of every goroutine leaves out the
// scheduler's own.
func Stack(buf []byte, all bool, s *Site) int {
	n := runtime.Stack(buf, all)
	if !all || active() == nil {
		return n
	}
	return dropOwn(buf, n)
}

// dropOwn removes the scheduler's own goroutines from the dump in
// buf[:n], in place, and returns the dump's new length.
func dropOwn(buf []byte, n int) int {
	sep := []byte("\n\n")
	blocks := bytes.Split(buf[:n], sep)
	kept := blocks[:0]
	for _, b := range blocks {
		if !slices.ContainsFunc(ownFuncs, func(f []byte) bool { return bytes.Contains(b, f) }) {
			kept = append(kept, b)
		}
	}
	if len(kept) == len(blocks) {
		return n
	}
	return copy(buf, bytes.Join(kept, sep))
}
