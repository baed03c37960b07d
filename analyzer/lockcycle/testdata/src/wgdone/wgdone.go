package wgdone

import "sync"

type pool struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// submit's goroutine returns without Done when the pool is closed.
func (p *pool) submit(job func()) {
	p.wg.Add(1)
	go func() {
		p.mu.Lock()
		closed := p.closed
		p.mu.Unlock()
		if closed {
			return // want `missing done: the goroutine started at wgdone.go:14:2 reaches the return at wgdone.go:19:4 without \(\*wgdone.pool\).wg.Done, which it calls on other paths \(at wgdone.go:22:12\)`
		}
		job()
		p.wg.Done()
	}()
}

// deferred: a deferred Done covers every path.
func (p *pool) deferred(job func()) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		if p.closed {
			return
		}
		job()
	}()
}

// everyPath calls Done before each return.
func (p *pool) everyPath(job func()) {
	p.wg.Add(1)
	go func() {
		if p.closed {
			p.wg.Done()
			return
		}
		job()
		p.wg.Done()
	}()
}

// worker calls Done once per job of its loop (Add per job): the loop's
// exit does no Done by design.
func worker(jobs chan func(), wg *sync.WaitGroup) {
	for j := range jobs {
		j()
		wg.Done()
	}
}

func startWorker(jobs chan func(), wg *sync.WaitGroup) {
	go worker(jobs, wg)
}

// named: a named function started with go, whose early return skips Done.
func named(wg *sync.WaitGroup, fail bool) {
	if fail {
		return // want `missing done: the goroutine started at wgdone.go:74:2 reaches the return at wgdone.go:67:3 without wgdone.named.wg.Done`
	}
	wg.Done()
}

func startNamed(wg *sync.WaitGroup) {
	wg.Add(1)
	go named(wg, true)
}

// panics: a path that panics does not return.
func panics(wg *sync.WaitGroup, bad bool) {
	go func() {
		if bad {
			panic("bad")
		}
		wg.Done()
	}()
}

// construct: the WaitGroup counts resources, added when one is made (in
// another function) and done when it is destroyed or its construction
// fails: not the goroutine's own count.
func (p *pool) newResource() { p.wg.Add(1) }

func (p *pool) construct(build func() error) {
	p.newResource()
	go func() {
		if err := build(); err != nil {
			p.wg.Done()
			return
		}
	}()
}
