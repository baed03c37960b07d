package generics // want package:"lockcycle\\(edges .*\\)"

// generics has generic types with locks, a type error free but
// unusual shape, and a very large function.

import "sync"

type Box[T any] struct {
	mu  sync.Mutex
	val T
}

func (b *Box[T]) Get() T { // want Get:"lockcycle\\(acquires \\(\\*generics.Box\\).mu\\)"
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.val
}

type Pair[K comparable] struct {
	mu   sync.Mutex
	left *Box[K]
}

func (p *Pair[K]) Left() K { // want Left:"lockcycle\\(acquires \\(\\*generics.Pair\\).mu, \\(\\*generics.Box\\).mu\\)"
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.left.Get()
}

func Use(p *Pair[int]) int { return p.Left() } // want Use:"lockcycle\\(acquires \\(\\*generics.Pair\\).mu, \\(\\*generics.Box\\).mu\\)"
