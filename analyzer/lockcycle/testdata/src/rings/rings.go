package rings

// rings nests instances of one class linked by fields: rings, opposite
// directions (reported as same-class nesting) and orders that the code
// makes visible (silent).

import (
	"sort"
	"sync"
	"unsafe"
)

// Node is a ring: each goroutine holds its node and takes the next one;
// three goroutines on a ring of three nodes deadlock.
type Node struct {
	mu   sync.Mutex
	next *Node
	val  int
}

func (n *Node) pass() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.next.mu.Lock() // want `same-class nesting: \(\*rings.Node\).mu held while acquiring \(\*rings.Node\).mu through .next of the held one; instances linked through next can form a ring: goroutines each holding one of them deadlock`
	n.next.val += n.val
	n.next.mu.Unlock()
}

// Chain takes a link and its successor in both orders.
type Chain struct {
	mu   sync.Mutex
	next *Chain
}

func (c *Chain) forward() {
	c.mu.Lock()
	c.next.mu.Lock() // want `same-class nesting: \(\*rings.Chain\).mu held while acquiring \(\*rings.Chain\).mu through .next of the held one; the reverse order at rings.go:\d+:\d+ \(whose .next is the held one\)`
	c.next.mu.Unlock()
	c.mu.Unlock()
}

func (c *Chain) backward() {
	c.next.mu.Lock()
	c.mu.Lock()
	c.mu.Unlock()
	c.next.mu.Unlock()
}

// Link orders the two instances by ID (or by address) before locking.
type Link struct {
	mu   sync.Mutex
	id   int
	next *Link
}

func (l *Link) byID() {
	if l.id < l.next.id {
		l.mu.Lock()
		l.next.mu.Lock()
	} else {
		l.next.mu.Lock()
		l.mu.Lock()
	}
	l.mu.Unlock()
	l.next.mu.Unlock()
}

func (l *Link) byAddr() {
	if uintptr(unsafe.Pointer(l)) < uintptr(unsafe.Pointer(l.next)) {
		l.mu.Lock()
		l.next.mu.Lock()
	} else {
		l.next.mu.Lock()
		l.mu.Lock()
	}
	l.next.mu.Unlock()
	l.mu.Unlock()
}

// Tree is only ever locked parent then child.
type Tree struct {
	mu     sync.Mutex
	parent *Tree
	kids   []*Tree
	size   int
}

func (t *Tree) sum() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.size
	for _, k := range t.kids {
		k.mu.Lock()
		s += k.size
		k.mu.Unlock()
	}
	return s
}

// Dir is only ever locked child then parent (its parent link is the back
// link of a tree: Dir has children).
type Dir struct {
	mu       sync.Mutex
	parent   *Dir
	children map[string]*Dir
	n        int
}

func (d *Dir) bump() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.parent.mu.Lock()
	d.parent.n++
	d.parent.mu.Unlock()
}

// Group is locked child then parent in up, parent then child in down.
type Group struct {
	mu     sync.Mutex
	parent *Group
	kids   map[string]*Group
}

func (g *Group) up() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.parent.mu.Lock()
	g.parent.mu.Unlock()
}

func (g *Group) down() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, k := range g.kids {
		k.mu.Lock() // want `same-class nesting: \(\*rings.Group\).mu held while acquiring \(\*rings.Group\).mu through .kids\[\*\] of the held one; the opposite direction at rings.go:\d+:\d+ \(through .parent of the held one\)`
		k.mu.Unlock()
	}
}

// Slot releases the first instance before taking the next: no nesting.
type Slot struct {
	mu   sync.Mutex
	next *Slot
}

func (s *Slot) hop() {
	s.mu.Lock()
	s.mu.Unlock()
	s.next.mu.Lock()
	s.next.mu.Unlock()
}

// lockAll locks nodes in address order, sorted first: no nesting is seen
// (the loop holds no lock on every path into it).
func lockAll(nodes []*Node) {
	sort.Slice(nodes, func(i, j int) bool {
		return uintptr(unsafe.Pointer(nodes[i])) < uintptr(unsafe.Pointer(nodes[j]))
	})
	for _, n := range nodes {
		n.mu.Lock()
	}
	for _, n := range nodes {
		n.mu.Unlock()
	}
}
