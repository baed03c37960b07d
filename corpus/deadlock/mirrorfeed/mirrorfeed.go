// Package mirrorfeed models an event bus that hands each event to its
// subscribers one after another, ranging over its map of unbuffered
// channels. A checker subscribed under two names reads its primary feed
// before its backup feed, as if the bus delivered in subscription order;
// when the range reaches the backup feed first, the bus waits for the
// backup's reader and the checker for the primary's sender, for good.
package mirrorfeed

import "sync"

type Bus struct {
	mu   sync.RWMutex // guards subs
	subs map[string]chan string
}

func NewBus() *Bus { return &Bus{subs: map[string]chan string{}} }

// Subscribe returns the feed of events published under name.
func (b *Bus) Subscribe(name string) <-chan string {
	ch := make(chan string) // unbuffered: delivery is a handoff
	b.mu.Lock()
	b.subs[name] = ch
	b.mu.Unlock()
	return ch
}

// Publish delivers ev to every subscriber.
func (b *Bus) Publish(ev string) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, ch := range b.subs { // map order
		ch <- ev
	}
}

// Check reads n events from both feeds, primary first, and returns how
// many differed between them.
func Check(primary, backup <-chan string, n int) int {
	diff := 0
	for range n {
		p := <-primary
		if <-backup != p {
			diff++
		}
	}
	return diff
}
