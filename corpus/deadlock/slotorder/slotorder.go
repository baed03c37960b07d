// Package slotorder models a render farm whose workers take one of the
// farm's slots (a buffered channel used as a semaphore) and then lock
// their job's scene. The submitter locks each scene while it fills it and
// unlocks them one at a time, waiting for each job's receipt before the
// next: when a later job's worker takes the only slot first, it waits for
// its scene, the earlier job's worker waits for the slot, and the
// submitter for the earlier receipt.
package slotorder

import "sync"

// Farm renders jobs, at most cap(slots) at once.
type Farm struct{ slots chan struct{} }

// NewFarm returns a farm of n slots.
func NewFarm(n int) *Farm { return &Farm{slots: make(chan struct{}, n)} }

// Job is one submitted render.
type Job struct {
	name    string
	scene   sync.Mutex
	receipt chan string
}

// Submit starts the job's worker with its scene locked: the caller fills
// it, then calls Release.
func (f *Farm) Submit(name string) *Job {
	j := &Job{name: name, receipt: make(chan string, 1)}
	j.scene.Lock()
	started := make(chan struct{})
	go func() {
		close(started)
		f.slots <- struct{}{} // take a slot
		j.scene.Lock()
		out := "rendered " + j.name
		j.scene.Unlock()
		<-f.slots
		j.receipt <- out
	}()
	<-started
	return j
}

// Release hands the scene to the worker and waits for its receipt.
func (j *Job) Release() string {
	j.scene.Unlock()
	return <-j.receipt
}
