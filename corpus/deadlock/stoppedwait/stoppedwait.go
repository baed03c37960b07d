// Package stoppedwait models a delayed flush: a goroutine waits on a
// timer's channel and flushes, and Close waits for it with a WaitGroup.
// Cancel stops the timer; if it stops it before it fires, the flusher waits
// on a channel that will never receive, and so does Close.
package stoppedwait

import (
	"sync"
	"time"
)

type Flusher struct {
	timer   *time.Timer
	wg      sync.WaitGroup
	flushed chan bool // room for the one result
}

// Start schedules a flush after d.
func Start(d time.Duration) *Flusher {
	f := &Flusher{timer: time.NewTimer(d), flushed: make(chan bool, 1)}
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		<-f.timer.C // never receives once Cancel stopped the timer
		f.flushed <- true
	}()
	return f
}

// Cancel gives up the pending flush.
func (f *Flusher) Cancel() { f.timer.Stop() }

// Close waits for the flusher goroutine.
func (f *Flusher) Close() { f.wg.Wait() }
