package rt_test

import (
	"net"
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

func init() {
	for name, f := range map[string]func(){
		"condlost":    condLost,
		"oncerec":     onceRecursive,
		"selectnil":   selectNilDefault,
		"timer":       timerRecv,
		"shared":      sharedWithUninstrumented,
		"outsidechan": outsideAndChan,
		"outsideabba": outsideAndABBA,
		"rwclean":     rwClean,
	} {
		scenarios[name] = f
	}
}

// condLost: the signal comes before the wait and is lost; the waiter blocks
// for good (the test returns without waiting).
func condLost() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := make(chan bool, 1)
	rt.CondSignal(c, at("CondSignal", ""))
	rt.Go(at("Go", ""), func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Send(ready, true, at("Send", ""))
		rt.CondWait(c, at("CondWait", ""))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	rt.Recv(ready, at("Recv", ""))
}

// onceRecursive: Once.Do called again from inside its own function.
func onceRecursive() {
	var once sync.Once
	rt.Go(at("Go", ""), func() {
		rt.OnceDo(&once, func() {
			rt.OnceDo(&once, func() {}, at("OnceDo", ""))
		}, at("OnceDo", ""))
	})
}

// selectNilDefault: a nil channel case never proceeds; with a default the
// select polls, without one the ready case wins.
func selectNilDefault() {
	var nilCh chan int
	ch := make(chan int, 1)
	if rt.Select(at("Select", ""), true, rt.RecvCase(nilCh, nil, nil), rt.RecvCase(ch, nil, nil)) != -1 {
		panic("select: want default")
	}
	rt.Send(ch, 4, at("Send", ""))
	var v int
	var ok bool
	if i := rt.Select(at("Select", ""), false, rt.SendCase(nilCh, 1), rt.RecvCase(ch, &v, &ok)); i != 1 || v != 4 || !ok {
		panic("select: want the receive")
	}
	rt.Close(ch, at("Close", ""))
	if i := rt.Select(at("Select", ""), false, rt.RecvCase(ch, &v, &ok)); i != 0 || ok {
		panic("select: want closed")
	}
}

// timerRecv: a goroutine waits on a real timer channel (fed from outside
// the scheduler); the test waits for it.
func timerRecv() {
	var wg sync.WaitGroup
	rt.WGGo(&wg, func() {
		rt.Recv(time.After(30*time.Millisecond), at("Recv", ""))
	}, at("WGGo", ""))
	rt.WGWait(&wg, at("WGWait", ""))
}

// sharedWithUninstrumented: uninstrumented code holds the mutex for a
// while; the managed Lock really waits for it (the watchdog lets the others
// go on meanwhile).
func sharedWithUninstrumented() {
	var mu sync.Mutex
	held := make(chan bool)
	go func() { // not instrumented
		mu.Lock()
		held <- true
		time.Sleep(100 * time.Millisecond)
		mu.Unlock()
	}()
	<-held // not instrumented
	var wg sync.WaitGroup
	rt.WGGo(&wg, func() {
		rt.Lock(&mu, at("Lock", "p.mu"))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	}, at("WGGo", ""))
	rt.WGGo(&wg, func() {
		rt.Gosched(at("Gosched", ""))
	}, at("WGGo", ""))
	rt.WGWait(&wg, at("WGWait", ""))
	if !mu.TryLock() {
		panic("mutex still held after the managed Unlock")
	}
}

// outsideAndChan: one goroutine blocks in a network read (outside), another
// on a channel the first could still send on: not a certain deadlock.
func outsideAndChan() {
	c1, _ := net.Pipe()
	ch := make(chan int)
	rt.Go(at("Go", ""), func() {
		var buf [1]byte
		c1.Read(buf[:])
		rt.Send(ch, 1, at("Send", ""))
	})
	rt.Go(at("Go", ""), func() {
		rt.Recv(ch, at("Recv", ""))
	})
}

// outsideAndABBA: a lock cycle is certain even while a goroutine is outside.
func outsideAndABBA() {
	c1, _ := net.Pipe()
	rt.Go(at("Go", ""), func() {
		var buf [1]byte
		c1.Read(buf[:])
	})
	abba()
}

// rwClean: readers and writers without recursion (deadlock-free).
func rwClean() {
	var mu sync.RWMutex
	var wg sync.WaitGroup
	n := 0
	for i := range 4 {
		rt.WGGo(&wg, func() {
			if i%2 == 0 {
				rt.RWLock(&mu, at("RWLock", "p.rw"))
				n++
				rt.RWUnlock(&mu, at("RWUnlock", "p.rw"))
				return
			}
			rt.RLock(&mu, at("RLock", "p.rw"))
			_ = n
			rt.RUnlock(&mu, at("RUnlock", "p.rw"))
		}, at("WGGo", ""))
	}
	rt.WGWait(&wg, at("WGWait", ""))
}

func init() {
	scenarios["forever"] = leakForever
	scenarios["timeout"] = timeoutSelect
}

// leakForever: a leaked goroutine polls forever for a quit signal that
// never comes; the test's end must not wait for it for ever.
func leakForever() {
	quit := make(chan bool)
	rt.Go(at("Go", ""), func() {
		for {
			if rt.Select(at("Select", ""), true, rt.RecvCase(quit, nil, nil)) == 0 {
				return
			}
			rt.Gosched(at("Gosched", ""))
		}
	})
}

// timeoutSelect: a goroutine waits for a reply that never comes or a timer
// longer than the grace period: not blocked for good.
func timeoutSelect() {
	reply := make(chan int)
	var wg sync.WaitGroup
	rt.WGGo(&wg, func() {
		rt.Select(at("Select", ""), false, rt.RecvCase(reply, nil, nil), rt.RecvCase(time.After(300*time.Millisecond), nil, nil))
	}, at("WGGo", ""))
	rt.WGWait(&wg, at("WGWait", ""))
}

func init() { scenarios["backoff"] = backoffBoth }

// backoffBoth: two goroutines take one resource and try the other in
// opposite orders, releasing and yielding on failure (deadlock-free, but a
// strict priority scheduler can livelock it in lock step). As the corpus
// case clean/trylock.
func backoffBoth() {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	both := func(x, y *sync.Mutex) {
		for {
			rt.Lock(x, at("Lock", "p.x"))
			if rt.TryLock(y, at("TryLock", "p.y")) {
				rt.Unlock(y, at("Unlock", "p.y"))
				rt.Unlock(x, at("Unlock", "p.x"))
				return
			}
			rt.Unlock(x, at("Unlock", "p.x"))
			rt.Gosched(at("Gosched", ""))
		}
	}
	rt.WGAdd(&wg, 2, at("WGAdd", ""))
	rt.Go(at("Go", ""), func() { defer rt.WGDone(&wg, at("WGDone", "")); both(&a, &b) })
	rt.Go(at("Go", ""), func() { defer rt.WGDone(&wg, at("WGDone", "")); both(&b, &a) })
	rt.WGWait(&wg, at("WGWait", ""))
}

func init() { scenarios["warmup"] = warmup }

// warmup: 1201 uncontended acquisitions of an unrelated lock before an
// AB-BA race between routeMu and authMu (as the corpus case
// deadlock/warmup).
func warmup() {
	var hitsMu, routeMu, authMu sync.Mutex
	hit := func() {
		rt.Lock(&hitsMu, at("Lock", "w.hitsMu"))
		rt.Unlock(&hitsMu, at("Unlock", "w.hitsMu"))
	}
	for range 1000 {
		hit()
	}
	rt.Go(at("Go", ""), func() {
		for range 100 {
			hit()
		}
		hit()
		rt.Lock(&routeMu, at("Lock", "w.routeMu"))
		rt.Lock(&authMu, at("Lock", "w.authMu"))
		rt.Unlock(&authMu, at("Unlock", "w.authMu"))
		rt.Unlock(&routeMu, at("Unlock", "w.routeMu"))
	})
	rt.Go(at("Go", ""), func() {
		for range 100 {
			hit()
		}
		rt.Lock(&authMu, at("Lock", "w.authMu"))
		rt.Lock(&routeMu, at("Lock", "w.routeMu"))
		rt.Unlock(&routeMu, at("Unlock", "w.routeMu"))
		rt.Unlock(&authMu, at("Unlock", "w.authMu"))
	})
}

func init() { scenarios["afterfunc"] = afterFuncDone }

// afterFuncDone: a timer's function (an unmanaged goroutine running
// instrumented code) calls Done and Signal; the managed waiters must wake.
func afterFuncDone() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := false
	rt.WGAdd(&wg, 1, at("WGAdd", ""))
	time.AfterFunc(20*time.Millisecond, func() {
		rt.WGDone(&wg, at("WGDone", ""))
		rt.Lock(&mu, at("Lock", "p.mu"))
		ready = true
		rt.CondBroadcast(c, at("CondBroadcast", ""))
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	})
	rt.WGWait(&wg, at("WGWait", ""))
	rt.Lock(&mu, at("Lock", "p.mu"))
	for !ready {
		rt.CondWait(c, at("CondWait", ""))
	}
	rt.Unlock(&mu, at("Unlock", "p.mu"))
}
