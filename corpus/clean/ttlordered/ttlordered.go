// Package ttlordered is the fixed form of deadlock/tokenttl: the
// ticker-driven keeper collects the expired tokens under its lock and
// deletes them from the store after unlocking, so the only nesting left is
// Assign's tokensMu -> keeper.mu.
package ttlordered

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
	done      chan struct{}
}

type Store struct {
	tokensMu sync.Mutex // guards tokens
	tokens   map[string]string
	keeper   *keeper
}

// New returns a store whose tokens expire after ttl, checked every interval.
func New(ttl, interval time.Duration) *Store {
	s := &Store{tokens: map[string]string{}}
	s.keeper = &keeper{deadlines: map[string]time.Time{}, ttl: ttl, store: s,
		stop: make(chan struct{}), done: make(chan struct{})}
	go s.keeper.run(interval)
	return s
}

func (k *keeper) run(interval time.Duration) {
	defer close(k.done)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			var expired []string
			k.mu.Lock()
			for tok, dl := range k.deadlines {
				if !now.Before(dl) {
					expired = append(expired, tok)
					delete(k.deadlines, tok)
				}
			}
			k.mu.Unlock()
			for _, tok := range expired {
				k.store.deleteToken(tok) // no keeper lock held
			}
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
func (s *Store) Assign(user string, n int) string {
	s.tokensMu.Lock()
	defer s.tokensMu.Unlock()
	tok := user + "." + strconv.Itoa(n)
	s.tokens[tok] = user
	s.keeper.add(tok) // tokensMu -> keeper.mu, the only order
	return tok
}

// Close stops the keeper and waits for it.
func (s *Store) Close() {
	close(s.keeper.stop)
	<-s.keeper.done
}

// Len reports the number of live tokens.
func (s *Store) Len() int {
	s.tokensMu.Lock()
	defer s.tokensMu.Unlock()
	return len(s.tokens)
}
