// Package followclose models a log follower whose registration races the
// logger's shutdown: Follow starts a goroutine that first adds its reader
// to the logger's map of readers, then waits for a line or for the reader
// to be closed; Close closes every reader in the map. A reader closed
// while its line is being delivered waits for the delivery to be
// acknowledged, and the deliverer waits for the reader to take the line.
// The map is written by the new goroutine and ranged by its creator with
// no operation in between: only a run in which the new goroutine's first
// steps come before its creator's next ones (as on another processor)
// registers the reader in time to be closed.
package followclose

type Reader struct {
	lines  chan string
	closed chan struct{}
	acked  chan struct{}
}

type Logger struct {
	readers map[*Reader]bool // written by follow, ranged by Close: unguarded
}

func New() *Logger { return &Logger{readers: map[*Reader]bool{}} }

// Follow starts following the log with a new reader.
func (l *Logger) Follow() *Reader {
	r := &Reader{lines: make(chan string), closed: make(chan struct{}), acked: make(chan struct{})}
	go l.follow(r)
	return r
}

func (l *Logger) follow(r *Reader) {
	l.readers[r] = true // registers before anything else
	go r.deliver("line 1")
	select {
	case <-r.lines:
	case <-r.closed:
		<-r.acked // waits for the delivery in flight: never acknowledged
	}
}

// deliver hands a line to the reader, then acknowledges it.
func (r *Reader) deliver(line string) {
	r.lines <- line // blocks for good once the reader took the closed case
	close(r.acked)
}

// Close closes every reader registered so far.
func (l *Logger) Close() {
	for r := range l.readers {
		close(r.closed)
	}
}
