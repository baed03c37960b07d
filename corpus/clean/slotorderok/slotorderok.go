// Package slotorderok is slotorder's render farm with a submitter that
// unlocks every scene before it waits for any receipt: whichever worker
// takes the slot first finds its scene free, so the order of the slots
// never matters.
package slotorderok

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
// it, then calls Unlock and, later, Wait.
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

// Unlock hands the scene to the worker.
func (j *Job) Unlock() { j.scene.Unlock() }

// Wait waits for the job's receipt.
func (j *Job) Wait() string { return <-j.receipt }
