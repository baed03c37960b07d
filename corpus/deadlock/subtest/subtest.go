// Package subtest models a ledger with a journal: Post locks the ledger
// then the journal, Replay locks the journal then the ledger. The test
// exercises it inside a t.Run subtest.
package subtest

import "sync"

type Ledger struct {
	mu      sync.Mutex
	total   int
	journal *Journal
}

type Journal struct {
	mu      sync.Mutex
	entries []int
}

func New() *Ledger { return &Ledger{journal: &Journal{}} }

// Post adds amount to the ledger and journals it.
func (l *Ledger) Post(amount int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total += amount
	l.journal.mu.Lock() // Ledger.mu -> Journal.mu
	l.journal.entries = append(l.journal.entries, amount)
	l.journal.mu.Unlock()
}

// Replay recomputes the ledger's total from the journal.
func (l *Ledger) Replay() {
	j := l.journal
	j.mu.Lock()
	defer j.mu.Unlock()
	sum := 0
	for _, e := range j.entries {
		sum += e
	}
	l.mu.Lock() // Journal.mu -> Ledger.mu
	l.total = sum
	l.mu.Unlock()
}
