// Package pubsub models a broker that delivers messages to subscribers
// while holding the broker lock (broker then subscriber), and a subscriber
// whose Close holds its own lock and unsubscribes (subscriber then broker).
package pubsub

import "sync"

type Broker struct {
	mu   sync.Mutex
	subs map[*Subscriber]bool
}

type Subscriber struct {
	mu     sync.Mutex
	broker *Broker
	inbox  []string
	closed bool
}

func NewBroker() *Broker { return &Broker{subs: map[*Subscriber]bool{}} }

// Subscribe registers a new subscriber.
func (b *Broker) Subscribe() *Subscriber {
	s := &Subscriber{broker: b}
	b.mu.Lock()
	b.subs[s] = true
	b.mu.Unlock()
	return s
}

// Publish delivers msg to every subscriber, holding the broker lock.
func (b *Broker) Publish(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		s.deliver(msg) // Broker.mu -> Subscriber.mu
	}
}

// Unsubscribe removes s.
func (b *Broker) Unsubscribe(s *Subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.subs, s)
}

func (s *Subscriber) deliver(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.inbox = append(s.inbox, msg)
	}
}

// Close stops delivery and leaves the broker.
func (s *Subscriber) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.broker.Unsubscribe(s) // Subscriber.mu -> Broker.mu
}
