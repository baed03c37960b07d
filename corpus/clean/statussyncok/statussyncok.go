// Package statussyncok is statussync fixed: SetPodStatus releases the
// statuses lock before it wakes the sync loop.
package statussyncok

import "sync"

type Manager struct {
	mu       sync.Mutex // guards statuses
	statuses map[string]string
	wake     chan bool // unbuffered
}

func New() *Manager { return &Manager{statuses: map[string]string{}, wake: make(chan bool)} }

// SetPodStatus records pod's status and wakes the sync loop.
func (m *Manager) SetPodStatus(pod, status string) {
	m.mu.Lock()
	m.statuses[pod] = status
	m.mu.Unlock()
	m.wake <- true // sent without m.mu
}

// DeletePodStatus forgets pod's status.
func (m *Manager) DeletePodStatus(pod string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.statuses, pod)
}

// SyncLoop handles n wake-ups, deleting pod's status after each.
func (m *Manager) SyncLoop(n int, pod string) {
	for range n {
		<-m.wake
		m.DeletePodStatus(pod)
	}
}

// Len is the number of statuses kept.
func (m *Manager) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.statuses)
}
