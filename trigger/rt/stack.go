package rt

import (
	"reflect"
	"runtime"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// rtPrefix is this package's path plus a dot: its frames are left out of
// reported stacks.
var rtPrefix = reflect.TypeOf(Site{}).PkgPath() + "."

// rtDir is the directory of this package's files, with a trailing slash.
// A closure of this package inlined into its caller is named after the
// caller (p.F.func1.LockValue.2, methodvalue.go), but its file is ours.
var rtDir = func() string {
	_, file, _, ok := runtime.Caller(0)
	if i := strings.LastIndexByte(file, '/'); ok && i >= 0 {
		return file[:i+1]
	}
	return "\x00" // matches no file
}()

// rtFrame reports whether a frame of function fn in file is this
// package's (its tests, in the same directory, are not).
func rtFrame(fn, file string) bool {
	return strings.HasPrefix(fn, rtPrefix) || strings.HasPrefix(file, rtDir) && !strings.HasSuffix(file, "_test.go")
}

// captureStack returns the calling goroutine's stack without the runtime's
// and this package's frames.
func captureStack() []frame {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var out []frame
	for {
		f, more := frames.Next()
		if !rtFrame(f.Function, f.File) && f.Function != "runtime.goexit" && f.Function != "" {
			out = append(out, frame{Func: f.Function, File: f.File, Line: f.Line})
		}
		if !more {
			return out
		}
	}
}

// startedFrom returns the calls that reached a goroutine's `go` statement
// (g.callers), the caller of the statement's function first, up to the
// testing package's or the runtime's frames; this package's are left out.
func startedFrom(pcs []uintptr) []wire.Frame {
	if len(pcs) == 0 {
		return nil
	}
	frames := runtime.CallersFrames(pcs)
	var out []wire.Frame
	first := true
	for {
		f, more := frames.Next()
		switch {
		case strings.HasPrefix(f.Function, "testing.") || strings.HasPrefix(f.Function, "runtime."):
			return out
		case first: // the go statement's own function: its site is the goroutine's
			first = false
		case f.Function != "" && !rtFrame(f.Function, f.File):
			out = append(out, wire.Frame{Func: f.Function, File: f.File, Line: f.Line})
		}
		if !more {
			return out
		}
	}
}
