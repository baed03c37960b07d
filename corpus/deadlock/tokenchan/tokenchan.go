// Package tokenchan models an auth store's simple-token TTL keeper that
// takes new tokens on an unbuffered channel. Its loop expires tokens on
// each tick through a deletion that takes the store's token lock, while
// assigning a token holds that lock and sends the token to the loop.
package tokenchan

import (
	"strconv"
	"sync"
	"time"
)

type keeper struct {
	addCh     chan string
	stop      chan struct{}
	deadlines map[string]time.Time // owned by run
	ttl       time.Duration
	store     *Store
}

type Store struct {
	tokensMu sync.Mutex // guards tokens
	tokens   map[string]string
	keeper   *keeper
}

// New returns a store whose tokens expire after ttl, checked every interval.
func New(ttl, interval time.Duration) *Store {
	s := &Store{tokens: map[string]string{}}
	s.keeper = &keeper{addCh: make(chan string), stop: make(chan struct{}),
		deadlines: map[string]time.Time{}, ttl: ttl, store: s}
	go s.keeper.run(interval)
	return s
}

func (k *keeper) run(interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case tok := <-k.addCh:
			k.deadlines[tok] = time.Now().Add(k.ttl)
		case now := <-tick.C:
			for tok, dl := range k.deadlines {
				if !now.Before(dl) {
					k.store.deleteToken(tok) // needs tokensMu
					delete(k.deadlines, tok)
				}
			}
		case <-k.stop:
			return
		}
	}
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
	s.keeper.addCh <- tok // sent holding tokensMu
	return tok
}

// Close stops the keeper.
func (s *Store) Close() { close(s.keeper.stop) }
