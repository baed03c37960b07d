// Package chanhub models a broadcast hub whose clients are a set of
// channels (map[chan string]bool), as a chat server keeps its clients'
// send queues: Broadcast sends on each client's unbuffered channel as it
// ranges over the set. A relay that joined twice reads its first feed
// before its second; a Broadcast whose range reaches the second feed
// first waits for its reader, and the relay for the first feed's sender,
// for good.
package chanhub

import "sync"

type Hub struct {
	mu      sync.Mutex // guards clients
	clients map[chan string]bool
}

func NewHub() *Hub { return &Hub{clients: map[chan string]bool{}} }

// Join adds a client and returns its feed.
func (h *Hub) Join() chan string {
	ch := make(chan string) // unbuffered: delivery is a handoff
	h.mu.Lock()
	h.clients[ch] = true
	h.mu.Unlock()
	return ch
}

// Broadcast sends msg to every client.
func (h *Hub) Broadcast(msg string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.clients { // map order
		ch <- msg
	}
}

// Relay forwards n messages from each feed, the first feed's before the
// second's, and returns how many it forwarded.
func Relay(first, second <-chan string, n int) int {
	got := 0
	for range n {
		<-first
		<-second
		got += 2
	}
	return got
}
