// Package timerdrain models a debouncing strategy whose event loop resets
// its timer on each change with the classic drain, if !t.Stop() { <-t.C }.
// When the timer has fired and the loop has already received its value,
// Stop returns false and the drain waits for a value that never comes.
package timerdrain

import "time"

type Debouncer struct {
	period  time.Duration
	timer   *time.Timer
	reset   chan struct{}
	stop    chan struct{}
	flushes int // owned by loop
}

// New starts a debouncer that flushes period after the last change.
func New(period time.Duration) *Debouncer {
	d := &Debouncer{period: period, timer: time.NewTimer(period),
		reset: make(chan struct{}, 1), stop: make(chan struct{})}
	go d.loop()
	return d
}

func (d *Debouncer) loop() {
	for {
		select {
		case <-d.timer.C:
			d.flushes++ // not re-armed until the next change
		case <-d.reset:
			if !d.timer.Stop() {
				<-d.timer.C // blocks for good if the value was received above
			}
			d.timer.Reset(d.period)
		case <-d.stop:
			d.timer.Stop()
			return
		}
	}
}

// OnChange restarts the quiet period.
func (d *Debouncer) OnChange() { d.reset <- struct{}{} }

// Close stops the loop.
func (d *Debouncer) Close() { close(d.stop) }
