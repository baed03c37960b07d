// Package tokenttl models an auth store's simple-token TTL keeper. A
// ticker-driven goroutine expires tokens while holding the keeper's lock,
// and deleting a token takes the store's token lock; assigning a token
// holds the store's token lock while it registers the token with the
// keeper. The two paths take the two locks in opposite orders.
package tokenttl

import (
	"strconv"
	"sync"
	"time"
)

type keeper struct {
	mu        sync.Mutex // guards deadlines
	deadlines map[string]time.Time
	ttl       time.Duration
	store     *Store
	stop      chan struct{}
}

type Store struct {
	tokensMu sync.Mutex // guards tokens
	tokens   map[string]string
	keeper   *keeper
}

// New returns a store whose tokens expire after ttl, checked every interval.
func New(ttl, interval time.Duration) *Store {
	s := &Store{tokens: map[string]string{}}
	s.keeper = &keeper{deadlines: map[string]time.Time{}, ttl: ttl, store: s, stop: make(chan struct{})}
	go s.keeper.run(interval)
	return s
}

func (k *keeper) run(interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			k.mu.Lock()
			for tok, dl := range k.deadlines {
				if !now.Before(dl) {
					k.store.deleteToken(tok) // keeper.mu -> tokensMu
					delete(k.deadlines, tok)
				}
			}
			k.mu.Unlock()
		case <-k.stop:
			return
		}
	}
}

func (k *keeper) add(tok string) {
	k.mu.Lock()
	k.deadlines[tok] = time.Now().Add(k.ttl)
	k.mu.Unlock()
}

func (s *Store) deleteToken(tok string) {
	s.tokensMu.Lock()
	delete(s.tokens, tok)
	s.tokensMu.Unlock()
}

// Assign gives user a new token.
func (s *Store) Assign(user string) string {
	s.tokensMu.Lock()
	defer s.tokensMu.Unlock()
	tok := user + "." + strconv.Itoa(len(s.tokens))
	s.tokens[tok] = user
	s.keeper.add(tok) // tokensMu -> keeper.mu
	return tok
}

// Close stops the keeper.
func (s *Store) Close() { close(s.keeper.stop) }
