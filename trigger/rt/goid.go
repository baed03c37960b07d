package rt

import (
	"runtime"
	"unsafe"
)

// stackGoid parses the running goroutine's ID from the header of its stack
// dump ("goroutine 18 [running]:"); 0 if it cannot.
func stackGoid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	const prefix = "goroutine "
	if len(b) < len(prefix) || string(b[:len(prefix)]) != prefix {
		return 0
	}
	var id uint64
	for _, c := range b[len(prefix):] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uint64(c-'0')
	}
	return id
}

// goidOffset is where the running goroutine's ID lies in the runtime's g,
// or -1: found once per process, before the test runs (sched.go), as the
// offset in the first 256 bytes of g that holds the ID runtime.Stack
// prints, for this goroutine and three others.
var goidOffset = -1

func findGoidOffset() int {
	if !fastGoid {
		return -1
	}
	holds := func(off int) bool { return *(*uint64)(unsafe.Add(getgp(), off)) == stackGoid() }
	var cands []int
	for off := 0; off < 256; off += 8 {
		if holds(off) {
			cands = append(cands, off)
		}
	}
	base := runtime.NumGoroutine()
	defer func() {
		// The probes have sent their answers but may not have exited: a
		// test that counts goroutines at its start must not count them.
		for i := 0; i < 10000 && runtime.NumGoroutine() > base; i++ {
			runtime.Gosched()
		}
	}()
	for i := 0; i < 3 && len(cands) > 0; i++ {
		keep := make(chan []int)
		go func() {
			var k []int
			for _, off := range cands {
				if holds(off) {
					k = append(k, off)
				}
			}
			keep <- k
		}()
		cands = <-keep
	}
	if len(cands) == 0 {
		return -1
	}
	return cands[0]
}

// curGoid is the running goroutine's ID: read from its g when the offset
// is known, else parsed from a stack dump (about 10 µs: a third of a
// controlled run of a test that starts a thousand goroutines).
func curGoid() uint64 {
	if goidOffset >= 0 {
		return *(*uint64)(unsafe.Add(getgp(), goidOffset))
	}
	return stackGoid()
}
