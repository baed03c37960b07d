package handoff

// handoff returns holding a lock on one path, handing it to the value it
// returns (as bbolt's beginTx does): no missing unlock. A lock that
// nothing releases later is still reported.

import (
	"errors"
	"sync"
)

type DB struct {
	mmap   sync.RWMutex
	rw     sync.Mutex
	meta   sync.Mutex
	opened bool
	cur    *Tx
}

type Tx struct {
	db       *DB
	writable bool
}

func (db *DB) begin() (*Tx, error) {
	db.mmap.RLock()
	if !db.opened {
		db.mmap.RUnlock()
		return nil, errors.New("closed")
	}
	return &Tx{db: db}, nil
}

func (db *DB) beginRW() (*Tx, error) {
	db.rw.Lock()
	if !db.opened {
		db.rw.Unlock()
		return nil, errors.New("closed")
	}
	t := &Tx{db: db, writable: true}
	db.cur = t
	return t, nil
}

func (tx *Tx) Rollback() { tx.close() } // want Rollback:"lockcycle\\(releases \\(\\*handoff.DB\\).rw, \\(\\*handoff.DB\\).mmap\\)"

func (tx *Tx) close() {
	if tx.writable {
		tx.db.rw.Unlock()
		return
	}
	tx.db.mmap.RUnlock()
}

// beginMeta returns a Tx too, but nothing releases meta: still reported.
func (db *DB) beginMeta() (*Tx, error) {
	db.meta.Lock() // want `missing unlock: \(\*handoff.DB\).meta locked here is still held at the return at handoff.go:\d+:\d+, but released on other paths`
	if !db.opened {
		db.meta.Unlock()
		return nil, errors.New("closed")
	}
	return &Tx{db: db}, nil
}
