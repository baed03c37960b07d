package feedloop

import "testing"

// TestTouchWhileSyncing starts the mirror's loop, waits for its first
// sync, touches the store from one goroutine and stops the loop from
// another. It returns without waiting for them.
func TestTouchWhileSyncing(t *testing.T) {
	s := NewStore()
	m := NewMirror(s)
	stop := make(chan struct{})
	go m.Run(stop)
	<-m.Synced()
	go s.Touch("gen")
	go close(stop)
}
