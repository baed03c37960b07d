// Package chanhubok is chanhub's hub with a relay that forwards from
// whichever feed has a message: a Broadcast may serve its clients in
// any order.
package chanhubok

import "sync"

type Hub struct {
	mu      sync.Mutex // guards clients
	clients map[chan string]bool
}

func NewHub() *Hub { return &Hub{clients: map[chan string]bool{}} }

// Join adds a client and returns its feed.
func (h *Hub) Join() chan string {
	ch := make(chan string)
	h.mu.Lock()
	h.clients[ch] = true
	h.mu.Unlock()
	return ch
}

// Broadcast sends msg to every client.
func (h *Hub) Broadcast(msg string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.clients {
		ch <- msg
	}
}

// Relay forwards n messages from each feed, from whichever is ready, and
// returns how many it forwarded.
func Relay(first, second <-chan string, n int) int {
	got := 0
	for got < 2*n {
		select {
		case <-first:
		case <-second:
		}
		got++
	}
	return got
}
