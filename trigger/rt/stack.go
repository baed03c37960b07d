package rt

import (
	"reflect"
	"runtime"
	"strings"
)

// rtPrefix is this package's path plus a dot: its frames are left out of
// reported stacks.
var rtPrefix = reflect.TypeOf(Site{}).PkgPath() + "."

// captureStack returns the calling goroutine's stack without the runtime's
// and this package's frames.
func captureStack() []frame {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var out []frame
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, rtPrefix) && f.Function != "runtime.goexit" && f.Function != "" {
			out = append(out, frame{Func: f.Function, File: f.File, Line: f.Line})
		}
		if !more {
			return out
		}
	}
}
