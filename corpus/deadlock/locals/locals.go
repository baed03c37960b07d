// Package locals models a function that creates its own locks as local
// variables and starts two background pumps over them without waiting:
// the inbound pump locks in then out, the outbound pump out then in.
package locals

import "sync"

// Counters are the pumps' results, filled in when each pump finishes.
type Counters struct {
	In, Out chan int
}

// StartPumps starts both pumps and returns at once.
func StartPumps() Counters {
	var inMu, outMu sync.Mutex
	var inQ, outQ []int
	c := Counters{In: make(chan int, 1), Out: make(chan int, 1)}
	go func() {
		inMu.Lock()
		defer inMu.Unlock()
		inQ = append(inQ, 1)
		outMu.Lock() // inMu -> outMu
		outQ = append(outQ, len(inQ))
		outMu.Unlock()
		c.In <- len(inQ)
	}()
	go func() {
		outMu.Lock()
		defer outMu.Unlock()
		outQ = append(outQ, 2)
		inMu.Lock() // outMu -> inMu
		inQ = append(inQ, len(outQ))
		inMu.Unlock()
		c.Out <- len(outQ)
	}()
	return c
}
