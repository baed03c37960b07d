// Package iface models a logger that writes to its sinks through an
// interface while holding its lock; a file sink rotating itself holds its
// own lock and asks the logger for its sink count.
package iface

import "sync"

// Sink receives log lines.
type Sink interface {
	Write(line string)
}

type Logger struct {
	mu    sync.Mutex
	sinks []Sink
}

// Attach adds a sink.
func (l *Logger) Attach(s Sink) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sinks = append(l.sinks, s)
}

// Log writes line to every sink, holding the logger lock.
func (l *Logger) Log(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.sinks {
		s.Write(line) // Logger.mu -> FileSink.mu through the interface
	}
}

// Sinks reports how many sinks are attached.
func (l *Logger) Sinks() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.sinks)
}

type FileSink struct {
	mu     sync.Mutex
	log    *Logger
	lines  []string
	shared bool
}

func (f *FileSink) Write(line string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lines = append(f.lines, line)
}

// Rotate drops the buffered lines; it notes whether other sinks share the
// logger.
func (f *FileSink) Rotate() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lines = nil
	f.shared = f.log.Sinks() > 1 // FileSink.mu -> Logger.mu
}
