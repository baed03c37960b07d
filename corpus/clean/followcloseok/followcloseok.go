// Package followcloseok is followclose's look-alike, fixed: the readers
// map is guarded by a mutex, and the deliverer gives up its line when the
// reader is closed, so a reader closed with a line in flight never waits
// for an acknowledgement that cannot come, whichever goroutine goes
// first.
package followcloseok

import "sync"

type Reader struct {
	lines  chan string
	closed chan struct{}
	acked  chan struct{}
	done   chan struct{}
}

type Logger struct {
	mu      sync.Mutex // guards readers
	readers map[*Reader]bool
}

func New() *Logger { return &Logger{readers: map[*Reader]bool{}} }

// Follow starts following the log with a new reader; done is closed when
// the reader is finished.
func (l *Logger) Follow() *Reader {
	r := &Reader{lines: make(chan string), closed: make(chan struct{}), acked: make(chan struct{}), done: make(chan struct{})}
	go l.follow(r)
	return r
}

func (l *Logger) follow(r *Reader) {
	defer close(r.done)
	l.mu.Lock()
	l.readers[r] = true
	l.mu.Unlock()
	go r.deliver("line 1")
	select {
	case <-r.lines:
	case <-r.closed:
		<-r.acked // the deliverer acknowledges whether or not it delivered
	}
}

// deliver hands a line to the reader unless it is closed, then
// acknowledges.
func (r *Reader) deliver(line string) {
	select {
	case r.lines <- line:
	case <-r.closed:
	}
	close(r.acked)
}

// Close closes every reader registered so far, once.
func (l *Logger) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for r := range l.readers {
		close(r.closed)
		delete(l.readers, r)
	}
}
