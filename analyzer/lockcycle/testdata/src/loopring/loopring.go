package loopring // want package:"lockcycle\\(edges \\(\\*loopring.Grid\\).mu -> \\(\\*loopring.Cell\\).mu\\)"

// loopring locks every element of a container in a loop and keeps them:
// in map order (a ring that differs between ranges), over a slice
// ascending in one place and descending in another, or in a fixed order
// (sorted first, or ascending everywhere), which is silent.

import (
	"slices"
	"sort"
	"sync"
)

type Table struct {
	mu   sync.Mutex
	name string
	rows int
}

// DB locks its tables in map order.
type DB struct{ tables map[string]*Table }

func (db *DB) snapshot() int {
	for _, t := range db.tables {
		t.mu.Lock() // want `lock ring: \(\*loopring.Table\).mu locked for each element of a map in a loop, in map order`
	}
	n := 0
	for _, t := range db.tables {
		n += t.rows
		t.mu.Unlock()
	}
	return n
}

type Shard struct {
	mu sync.Mutex
	n  int
}

// Ring locks its shards ascending in grow and descending in shrink.
type Ring struct{ shards []*Shard }

func (r *Ring) grow() {
	for _, s := range r.shards {
		s.mu.Lock() // want `lock ring: \(\*loopring.Shard\).mu locked for each element of a slice in a loop in ascending order, and in descending order at loopring.go:\d+:\d+`
	}
	for _, s := range r.shards {
		s.n++
		s.mu.Unlock()
	}
}

func (r *Ring) shrink() {
	for i := len(r.shards) - 1; i >= 0; i-- {
		r.shards[i].mu.Lock()
	}
	for _, s := range r.shards {
		s.n--
		s.mu.Unlock()
	}
}

// Look-alikes.

type Page struct {
	mu sync.Mutex
	id int
}

// Book locks its pages ascending by index everywhere.
type Book struct {
	pages []*Page
	byID  map[int]*Page
}

func (b *Book) lock() {
	for i := 0; i < len(b.pages); i++ {
		b.pages[i].mu.Lock()
	}
}

func (b *Book) unlock() {
	for i := len(b.pages) - 1; i >= 0; i-- {
		b.pages[i].mu.Unlock()
	}
}

// lockByID sorts the pages of the map before locking them.
func (b *Book) lockByID() []*Page {
	ps := make([]*Page, 0, len(b.byID))
	for _, p := range b.byID {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(x, y *Page) int { return x.id - y.id })
	for _, p := range ps {
		p.mu.Lock()
	}
	return ps
}

type Col struct {
	mu   sync.Mutex
	name string
}

// lockNames sorts the keys of a map and locks by them.
func lockNames(cols map[string]*Col) {
	names := make([]string, 0, len(cols))
	for n := range cols {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		cols[n].mu.Lock()
	}
}

// touch locks each element of a map in turn, releasing it in the loop.
func touch(cols map[string]*Col) {
	for _, c := range cols {
		c.mu.Lock()
		c.name += "."
		c.mu.Unlock()
	}
}

type Cell struct {
	mu sync.Mutex
	v  int
}

// Grid locks in map order, but always under its own lock.
type Grid struct {
	mu    sync.Mutex
	cells map[int]*Cell
}

func (g *Grid) freeze() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.cells {
		c.mu.Lock()
	}
}

func (g *Grid) thaw() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.cells {
		c.mu.Unlock()
	}
}
