// Package drainok is the fixed form of deadlock/timerdrain: the loop
// remembers whether it has received the timer's value and drains only if
// it has not, so the drain never waits for a value already taken.
package drainok

import "time"

type Debouncer struct {
	period  time.Duration
	timer   *time.Timer
	reset   chan struct{}
	stop    chan struct{}
	done    chan struct{}
	flushes int // owned by loop until done is closed
}

// New starts a debouncer that flushes period after the last change.
func New(period time.Duration) *Debouncer {
	d := &Debouncer{period: period, timer: time.NewTimer(period),
		reset: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go d.loop()
	return d
}

func (d *Debouncer) loop() {
	defer close(d.done)
	received := false // the timer's current value has been taken
	for {
		select {
		case <-d.timer.C:
			received = true
			d.flushes++
		case <-d.reset:
			if !d.timer.Stop() && !received {
				<-d.timer.C // only a value not yet taken (pre-Go 1.23 timers)
			}
			d.timer.Reset(d.period)
			received = false
		case <-d.stop:
			d.timer.Stop()
			return
		}
	}
}

// OnChange restarts the quiet period.
func (d *Debouncer) OnChange() { d.reset <- struct{}{} }

// Close stops the loop and returns the number of flushes.
func (d *Debouncer) Close() int {
	close(d.stop)
	<-d.done
	return d.flushes
}
