// Package statussync models a kubelet status manager: SetPodStatus records
// a pod's status under the statuses lock and, still holding it, wakes the
// sync loop through an unbuffered channel; the sync loop, once woken,
// deletes the terminated pod's status, which takes the same lock.
package statussync

import "sync"

type Manager struct {
	mu       sync.Mutex // guards statuses
	statuses map[string]string
	wake     chan bool  // unbuffered
	countMu  sync.Mutex // guards updates: bookkeeping unrelated to the bug
	updates  int
}

func New() *Manager { return &Manager{statuses: map[string]string{}, wake: make(chan bool)} }

// SetPodStatus records pod's status and wakes the sync loop.
func (m *Manager) SetPodStatus(pod, status string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.statuses[pod] = status
	m.wake <- true // sent holding m.mu
}

// DeletePodStatus forgets pod's status.
func (m *Manager) DeletePodStatus(pod string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.statuses, pod)
}

// SyncLoop handles n wake-ups, deleting the terminated pod's status after each.
func (m *Manager) SyncLoop(n int) {
	for range n {
		<-m.wake
		m.DeletePodStatus("terminated")
	}
}

// Count records one status update in the metrics.
func (m *Manager) Count() {
	m.countMu.Lock()
	m.updates++
	m.countMu.Unlock()
}
