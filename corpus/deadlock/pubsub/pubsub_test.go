package pubsub

import "testing"

// TestCloseWhilePublishing closes a subscriber while a message is being
// published. It returns without waiting; deadlocked goroutines leak.
func TestCloseWhilePublishing(t *testing.T) {
	b := NewBroker()
	s := b.Subscribe()
	go b.Publish("news")
	go s.Close()
}
