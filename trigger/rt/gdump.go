package rt

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// gdump is one goroutine of Go's all-goroutines stack dump: its Go ID,
// its state ("chan receive", "running", "sync.Mutex.Lock"), its frames
// without the runtime's and this package's, and where it was created.
type gdump struct {
	goid    uint64
	state   string
	frames  []frame
	created string // "pkg.F in goroutine 1", as the dump says
	// createdAt is the position of the go statement that created it.
	createdAt wire.Site
	// ours: a goroutine this package started (its outermost frame is
	// this package's: the watchdog, a managed goroutine's body) or an
	// iter.Pull coroutine (the scheduler's handoffs, coro.go).
	ours bool
}

// dumpAll parses runtime.Stack(all) into its goroutines, by Go ID.
func dumpAll() map[uint64]gdump { return parseDump(allStacks()) }

// allStacks is runtime.Stack of every goroutine, in a buffer grown until
// it fits (at most 64 MB).
func allStacks() []byte {
	buf := make([]byte, 256<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) || len(buf) >= 64<<20 {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// parseDump parses a stack dump in runtime.Stack's format.
func parseDump(buf []byte) map[uint64]gdump {
	out := map[uint64]gdump{}
	for _, block := range bytes.Split(buf, []byte("\n\n")) {
		lines := strings.Split(strings.TrimSpace(string(block)), "\n")
		if len(lines) == 0 || !strings.HasPrefix(lines[0], "goroutine ") {
			continue
		}
		head := strings.TrimPrefix(lines[0], "goroutine ")
		sp := strings.IndexByte(head, ' ')
		if sp < 0 {
			continue
		}
		id, err := strconv.ParseUint(head[:sp], 10, 64)
		if err != nil {
			continue
		}
		d := gdump{goid: id}
		if i, j := strings.IndexByte(head, '['), strings.IndexAny(head, ",]"); i >= 0 && j > i {
			d.state = head[i+1 : j]
		}
		for k := 1; k+1 < len(lines); k += 2 {
			fn := lines[k]
			file, line, ok := dumpLoc(lines[k+1])
			if strings.HasPrefix(fn, "created by ") {
				d.created = strings.TrimPrefix(fn, "created by ")
				if ok {
					fn, _, _ = strings.Cut(d.created, " in goroutine ")
					d.createdAt = wire.Site{File: file, Line: line, Func: fn}
				}
				break
			}
			if p := strings.LastIndexByte(fn, '('); p > 0 {
				fn = fn[:p]
			}
			if !ok {
				continue
			}
			if strings.HasPrefix(fn, "iter.Pull") {
				d.ours = true
			}
			if !strings.HasPrefix(fn, "runtime.") {
				d.ours = d.ours || strings.HasPrefix(fn, rtPrefix) && outermost(lines, k)
			}
			if rtFrame(fn, file) || strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "internal/") || strings.HasPrefix(fn, "sync.runtime_") {
				continue
			}
			d.frames = append(d.frames, frame{Func: fn, File: file, Line: line})
		}
		out[id] = d
	}
	return out
}

// dumpLoc parses a dump's location line: "\t/path/f.go:12 +0x1d".
func dumpLoc(l string) (file string, line int, ok bool) {
	loc := strings.TrimSpace(l)
	if p := strings.LastIndex(loc, " +0x"); p > 0 {
		loc = loc[:p]
	}
	c := strings.LastIndexByte(loc, ':')
	if c < 0 {
		return "", 0, false
	}
	line, _ = strconv.Atoi(loc[c+1:])
	return loc[:c], line, true
}

// outermost reports whether the function line at k is the last frame of
// its goroutine's block (only "created by" or runtime frames follow).
func outermost(lines []string, k int) bool {
	for j := k + 2; j+1 < len(lines); j += 2 {
		if strings.HasPrefix(lines[j], "created by ") {
			return true
		}
		if !strings.HasPrefix(lines[j], "runtime.") {
			return false
		}
	}
	return true
}
