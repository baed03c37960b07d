package rt

import (
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// A goroutine's wait state read from its runtime g, for the watchdog's
// look at a goroutine that holds the token outside instrumented code: a
// stack dump of every goroutine (waitReason) takes about half a
// millisecond even in a small process, and a test on real TCP blocks in
// a read at nearly every request. The g's status and wait reason lie at
// fixed distances from the goroutine ID (goidOffset) in the runtimes this
// builds with; the distances, and the reasons' values for the waits that
// matter, are checked once per process on probe goroutines in those
// waits. Where a check fails, or a reason is not one of them, the dump
// answers.

// The runtime's goroutine statuses (runtime2.go), without its scan bit.
const (
	gsRunnable  = 1
	gsRunning   = 2
	gsSyscall   = 3
	gsWaiting   = 4
	gsPreempted = 9
	gsScanBit   = 0x1000
)

// gLayout is what the probes found: the offsets of the status and the
// wait reason in g, and the reasons seen, by value (ok false: none).
type gLayout struct {
	ok             bool
	status, reason int
	reasons        map[uint8]string
}

var (
	layoutOnce sync.Once
	layout     gLayout
)

// gLayoutOf returns the layout, probing for it the first time.
func gLayoutOf() *gLayout {
	layoutOnce.Do(func() { layout = probeLayout() })
	return &layout
}

// The distances from the goroutine ID: atomicstatus and stackLock (two
// uint32s) precede goid; schedlink and waitsince follow it, then
// waitreason.
const (
	statusFromGoid = -8
	reasonFromGoid = 24
)

// probeLayout starts two goroutines in each wait the watchdog tells apart
// and reads their g: each must read waiting, the two of a kind the same
// reason, and different kinds different ones.
func probeLayout() gLayout {
	if goidOffset < 0 || goidOffset+statusFromGoid < 0 {
		return gLayout{}
	}
	l := gLayout{status: goidOffset + statusFromGoid, reason: goidOffset + reasonFromGoid, reasons: map[uint8]string{}}
	if l.statusOf(getgp()) != gsRunning {
		return gLayout{}
	}
	var pipes [2][2]*os.File // one each: a second reader of one file waits for the first
	for i := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			return gLayout{}
		}
		defer r.Close()
		defer w.Close()
		pipes[i] = [2]*os.File{r, w}
	}
	ch, sel := make(chan int), make(chan int)
	var mu sync.Mutex
	mu.Lock()
	waits := []struct {
		name  string
		block func(j int)
	}{
		{"chan receive", func(int) { <-ch }},
		{"select", func(int) {
			select {
			case <-sel:
			case <-ch:
			}
		}},
		{"IO wait", func(j int) { pipes[j][0].Read(make([]byte, 1)) }},
		{"sync.Mutex.Lock", func(int) { mu.Lock(); mu.Unlock() }},
	}
	var done sync.WaitGroup
	gps := make([][2]unsafe.Pointer, len(waits))
	for i, wt := range waits {
		for j := 0; j < 2; j++ {
			got := make(chan unsafe.Pointer)
			done.Add(1)
			// Arguments, not captures: the runtime builds at the user's go
			// line, where a loop's variables may be shared (before 1.22).
			go func(block func(int), j int) {
				defer done.Done()
				got <- getgp()
				block(j)
			}(wt.block, j)
			gps[i][j] = <-got
		}
	}
	ok := true
	for i, wt := range waits {
		var rs [2]uint8
		for j, gp := range gps[i] {
			waited := false
			for try := 0; try < 100000 && !waited; try++ {
				waited = l.statusOf(gp) == gsWaiting
				if !waited {
					runtime.Gosched()
				}
			}
			ok = ok && waited
			rs[j] = *(*uint8)(unsafe.Add(gp, l.reason))
		}
		if _, seen := l.reasons[rs[0]]; seen || rs[0] != rs[1] || rs[0] == 0 {
			ok = false
		}
		l.reasons[rs[0]] = wt.name
	}
	close(ch)
	close(sel)
	for _, p := range pipes {
		p[1].Close()
	}
	mu.Unlock()
	done.Wait()
	if !ok {
		return gLayout{}
	}
	l.ok = true
	return l
}

func (l *gLayout) statusOf(gp unsafe.Pointer) uint32 {
	return atomic.LoadUint32((*uint32)(unsafe.Add(gp, l.status))) &^ gsScanBit
}

// fastWaitReason is waitReason for x read from its g: the dump's word for
// its state, or "" when the layout or the reason is unknown, or x's g is
// no longer x's (the goroutine ended).
func fastWaitReason(x *g) string {
	gp := unsafe.Pointer(x.gptr.Load())
	if gp == nil {
		return ""
	}
	l := gLayoutOf()
	if !l.ok {
		return ""
	}
	if *(*uint64)(unsafe.Add(gp, goidOffset)) != x.goid.Load() {
		return ""
	}
	switch l.statusOf(gp) {
	case gsRunnable:
		return "runnable"
	case gsRunning:
		return "running"
	case gsPreempted:
		return "preempted"
	case gsSyscall:
		return "syscall"
	case gsWaiting:
		return l.reasons[*(*uint8)(unsafe.Add(gp, l.reason))]
	}
	return ""
}
