package join // want package:"lockcycle\\(edges .*\\)"

// join has lock-order inversions between a goroutine and code that runs
// only after that goroutine ended (as yamux's Session.Close waits for its
// receive loop): not cycles. The same inversion without the wait is one.

import "sync"

type Session struct {
	streamLock sync.Mutex
	streams    map[int]*Stream
	recvDone   chan struct{}
}

type Stream struct {
	stateLock sync.Mutex
	s         *Session
	id        int
}

func newSession() *Session {
	s := &Session{recvDone: make(chan struct{})}
	go s.recv()
	return s
}

// handlers is a dispatch table (set up by the package initializer).
var handlers = []func(*Session, *Stream){(*Session).handle}

func (s *Session) recv() {
	defer close(s.recvDone)
	for _, st := range s.snapshot() {
		handlers[0](s, st)
	}
}

func (s *Session) handle(st *Stream) { st.processFlags() }

func (s *Session) snapshot() []*Stream { return nil }

// processFlags runs only on the receive loop: stateLock -> streamLock.
func (st *Stream) processFlags() {
	st.stateLock.Lock()
	defer st.stateLock.Unlock()
	st.s.closeStream(st.id)
}

func (s *Session) closeStream(id int) {
	s.streamLock.Lock()
	delete(s.streams, id)
	s.streamLock.Unlock()
}

// Close waits for the receive loop, then streamLock -> stateLock.
func (s *Session) Close() { // want Close:"lockcycle\\(acquires \\(\\*join.Session\\).streamLock, \\(\\*join.Stream\\).stateLock\\)"
	<-s.recvDone
	s.streamLock.Lock()
	defer s.streamLock.Unlock()
	for _, st := range s.streams {
		st.forceClose()
	}
}

func (st *Stream) forceClose() {
	st.stateLock.Lock()
	st.stateLock.Unlock()
}

// Pool: workers signal a WaitGroup when they end; Stop waits for them.
type Pool struct {
	mu    sync.Mutex
	wg    sync.WaitGroup
	tasks []*Task
}

type Task struct {
	mu sync.Mutex
	p  *Pool
}

func (p *Pool) start(t *Task) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t.mu.Lock()
		p.mu.Lock()
		p.mu.Unlock()
		t.mu.Unlock()
	}()
}

func (p *Pool) Stop() { // want Stop:"lockcycle\\(acquires \\(\\*join.Pool\\).mu, \\(\\*join.Task\\).mu\\)"
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, t := range p.tasks {
		t.mu.Lock()
		t.mu.Unlock()
	}
}

// Conn has the same inversion with no wait: a cycle.
type Conn struct {
	mu sync.Mutex
	ch *Chan
}

type Chan struct {
	mu sync.Mutex
	c  *Conn
}

func (c *Conn) loop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ch.mu.Lock()
	c.ch.mu.Unlock()
}

func (c *Conn) run() { go c.loop() }

func (ch *Chan) Close() { // want Close:"lockcycle\\(acquires \\(\\*join.Chan\\).mu, \\(\\*join.Conn\\).mu\\)"
	ch.mu.Lock()
	defer ch.mu.Unlock()
	ch.c.mu.Lock() // want `lock order cycle: \(\*join.Chan\).mu held while acquiring \(\*join.Conn\).mu; reverse order at join.go:\d+:\d+`
	ch.c.mu.Unlock()
}
