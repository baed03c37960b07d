package rt_test

import (
	"net"
	"sync"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// Scenarios are hand-instrumented programs: what trigger/instrument would
// produce for small tests. Each runs as a test body; goroutines it leaks keep
// running after it returns.
var scenarios = map[string]func(){
	"abba":      abba,
	"double":    doubleLock,
	"rwr":       rwr,
	"mixed":     mixedLockChan,
	"wgblocked": wgBlocked,
	"sleepabba": sleepABBA,
	"ordered":   ordered,
	"pingpong":  pingPong,
	"condqueue": condQueue,
	"oncesel":   onceSelect,
	"spin":      trySpin,
	"netread":   netRead,
	"panic":     panicInGoroutine,
	"buffered":  buffered,
}

// abba: two goroutines lock a then b, and b then a.
func abba() {
	var a, b sync.Mutex
	rt.Go(at("Go", ""), func() {
		rt.Lock(&a, at("Lock", "p.a"))
		rt.Lock(&b, at("Lock", "p.b"))
		rt.Unlock(&b, at("Unlock", "p.b"))
		rt.Unlock(&a, at("Unlock", "p.a"))
	})
	rt.Go(at("Go", ""), func() {
		rt.Lock(&b, at("Lock", "p.b"))
		rt.Lock(&a, at("Lock", "p.a"))
		rt.Unlock(&a, at("Unlock", "p.a"))
		rt.Unlock(&b, at("Unlock", "p.b"))
	})
}

// doubleLock: a goroutine locks a mutex it holds.
func doubleLock() {
	var mu sync.Mutex
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Lock(&mu, at("Lock", "p.mu"))
	})
}

// rwr: a reader takes the read lock twice; a writer in between blocks it.
func rwr() {
	var mu sync.RWMutex
	rt.Go(at("Go", ""), func() {
		rt.RLock(&mu, at("RLock", "p.rw"))
		rt.Gosched(at("Gosched", ""))
		rt.RLock(&mu, at("RLock", "p.rw"))
		rt.RUnlock(&mu, at("RUnlock", "p.rw"))
		rt.RUnlock(&mu, at("RUnlock", "p.rw"))
	})
	rt.Go(at("Go", ""), func() {
		rt.RWLock(&mu, at("RWLock", "p.rw"))
		rt.RWUnlock(&mu, at("RWUnlock", "p.rw"))
	})
}

// mixedLockChan: one goroutine holds mu and waits to receive; the sender
// needs mu first.
func mixedLockChan() {
	var mu sync.Mutex
	ch := make(chan int)
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Recv(ch, at("Recv", ""))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Send(ch, 1, at("Send", ""))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
}

// wgBlocked: the test waits for two Done calls; only one comes.
func wgBlocked() {
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 2, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() { rt.WGDone(&wg, at("WGDone", "")) })
	rt.WGWait(&wg, at("WGWait", ""))
}

// ordered: opposite transfers that lock in a global order (deadlock-free).
func ordered() {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	transfer := func(first, second *sync.Mutex) {
		rt.Lock(first, at("Lock", "p.first"))
		rt.Lock(second, at("Lock", "p.second"))
		rt.Unlock(second, at("Unlock", "p.second"))
		rt.Unlock(first, at("Unlock", "p.first"))
	}
	for range 3 {
		rt.WGGo(&wg, func() { transfer(&a, &b) }, at("WGGo", ""))
	}
	rt.WGWait(&wg, at("WGWait", ""))
}

// pingPong: two goroutines exchange values over unbuffered channels, then
// the pinger closes and the ponger ranges to the end.
func pingPong() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	rt.Go(at("Go", ""), func() {
		for v, ok := rt.Recv2(ping, at("Recv2", "")); ok; v, ok = rt.Recv2(ping, at("Recv2", "")) {
			rt.Send(pong, v+1, at("Send", ""))
		}
		rt.Close(done, at("Close", ""))
	})
	for i := range 5 {
		rt.Send(ping, i, at("Send", ""))
		if v := rt.Recv(pong, at("Recv", "")); v != i+1 {
			panic("pingpong: wrong value")
		}
	}
	rt.Close(ping, at("Close", ""))
	rt.Recv(done, at("Recv", ""))
}

// condQueue: a producer/consumer queue on a Cond (deadlock-free).
func condQueue() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var q []int
	var wg sync.WaitGroup
	rt.WGGo(&wg, func() {
		for got := 0; got < 3; got++ {
			rt.Lock(&mu, at("Lock", "p.mu"))
			for len(q) == 0 {
				rt.CondWait(c, at("CondWait", ""))
			}
			q = q[1:]
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
	}, at("WGGo", ""))
	for i := range 3 {
		rt.Lock(&mu, at("Lock", "p.mu"))
		q = append(q, i)
		rt.CondSignal(c, at("CondSignal", ""))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	}
	rt.WGWait(&wg, at("WGWait", ""))
}

// onceSelect: goroutines share a Once and report over a buffered channel
// drained by a select loop with a quit channel (deadlock-free).
func onceSelect() {
	var once sync.Once
	res := make(chan int, 1)
	quit := make(chan bool)
	n := 0
	for i := range 3 {
		rt.Go(at("Go", ""), func() {
			rt.OnceDo(&once, func() { n++ }, at("OnceDo", ""))
			rt.Send(res, i, at("Send", ""))
		})
	}
	rt.Go(at("Go", ""), func() {
		for range 3 {
			rt.Sleep(0, at("Sleep", ""))
		}
		rt.Send(quit, true, at("Send", ""))
	})
	got, stop := 0, false
	for !stop || got < 3 {
		var v int
		var q bool
		switch rt.Select(at("Select", ""), false, rt.RecvCase(res, &v, nil), rt.RecvCase(quit, &q, nil)) {
		case 0:
			got++
		case 1:
			stop = true
		}
	}
	if n != 1 {
		panic("once ran more than once")
	}
}

// trySpin: a goroutine polls TryLock while another holds the mutex for a
// few steps.
func trySpin() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	rt.WGAdd(&wg, 2, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() {
		defer rt.WGDone(&wg, at("WGDone", ""))
		rt.Lock(&mu, at("Lock", "p.mu"))
		for range 5 {
			rt.Gosched(at("Gosched", ""))
		}
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	rt.Go(at("Go", ""), func() {
		defer rt.WGDone(&wg, at("WGDone", ""))
		for !rt.TryLock(&mu, at("TryLock", "p.mu")) {
			rt.Gosched(at("Gosched", ""))
		}
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	rt.WGWait(&wg, at("WGWait", ""))
}

// netRead: a managed goroutine blocks for good in a real network read,
// outside instrumented code, while the others work and finish.
func netRead() {
	c1, _ := net.Pipe()
	var mu sync.Mutex
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
		var buf [1]byte
		c1.Read(buf[:]) // nobody ever writes
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	var wg sync.WaitGroup
	for range 2 {
		rt.WGGo(&wg, func() {
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}, at("WGGo", ""))
	}
	rt.WGWait(&wg, at("WGWait", ""))
}

// panicInGoroutine: a managed goroutine panics.
func panicInGoroutine() {
	done := make(chan bool)
	rt.Go(at("Go", ""), func() {
		var m map[string]int
		m["boom"]++ // assignment to entry in nil map
		rt.Send(done, true, at("Send", ""))
	})
	rt.Recv(done, at("Recv", ""))
}

// buffered: a bounded buffer between a producer and two consumers.
func buffered() {
	ch := make(chan int, 2)
	var wg sync.WaitGroup
	for range 2 {
		rt.WGGo(&wg, func() {
			for _, ok := rt.Recv2(ch, at("Recv2", "")); ok; _, ok = rt.Recv2(ch, at("Recv2", "")) {
			}
		}, at("WGGo", ""))
	}
	for i := range 6 {
		rt.Send(ch, i, at("Send", ""))
	}
	rt.Close(ch, at("Close", ""))
	rt.WGWait(&wg, at("WGWait", ""))
}
