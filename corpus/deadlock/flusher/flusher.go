// Package flusher models a buffered log with a periodic flusher. Flush
// holds the buffer lock while writing to the file, but only when the
// buffer is dirty; Compact holds the file lock and then trims the buffer.
package flusher

import "sync"

type Log struct {
	mu     sync.Mutex // guards buf, dirty
	fileMu sync.Mutex // guards file
	buf    []string
	file   []string
	dirty  bool
}

// Append buffers a line.
func (l *Log) Append(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, line)
	l.dirty = true
}

// Flush writes buffered lines to the file if there are any.
func (l *Log) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.dirty {
		return
	}
	l.fileMu.Lock() // mu -> fileMu, only when dirty
	l.file = append(l.file, l.buf...)
	l.fileMu.Unlock()
	l.buf, l.dirty = nil, false
}

// Compact drops the file's first half and clears the buffer's stale lines.
func (l *Log) Compact() {
	l.fileMu.Lock()
	defer l.fileMu.Unlock()
	l.file = l.file[len(l.file)/2:]
	l.mu.Lock() // fileMu -> mu
	l.buf = l.buf[:0]
	l.mu.Unlock()
}
