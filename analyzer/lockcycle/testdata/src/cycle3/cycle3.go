package cycle3 // want package:"lockcycle\\(edges .*\\)"

import "sync"

var a, b, c, d sync.Mutex

func ab() {
	a.Lock()
	b.Lock() // want `lock order cycle: cycle3.a held while acquiring cycle3.b; then cycle3.b held while acquiring cycle3.c at cycle3.go:16:\d+, then cycle3.c held while acquiring cycle3.a at cycle3.go:23:\d+`
	b.Unlock()
	a.Unlock()
}

func bc() {
	b.Lock()
	c.Lock()
	c.Unlock()
	b.Unlock()
}

func ca() {
	c.Lock()
	a.Lock()
	a.Unlock()
	c.Unlock()
}

// A four-cycle of its own: p -> q -> r -> s -> p.
var p, q, r, s sync.Mutex

func pq() {
	p.Lock()
	q.Lock() // want `lock order cycle: cycle3.p held while acquiring cycle3.q; then cycle3.q held while acquiring cycle3.r at cycle3.go:40:\d+, then cycle3.r held while acquiring cycle3.s at cycle3.go:47:\d+, then cycle3.s held while acquiring cycle3.p at cycle3.go:54:\d+`
	q.Unlock()
	p.Unlock()
}

func qr() {
	q.Lock()
	r.Lock()
	r.Unlock()
	q.Unlock()
}

func rs() {
	r.Lock()
	s.Lock()
	s.Unlock()
	r.Unlock()
}

func sp() {
	s.Lock()
	p.Lock()
	p.Unlock()
	s.Unlock()
}

// The chain a -> d -> b closes a four-cycle with b -> c -> a, but it
// shares its steps with the three-cycle above: only the shorter one is
// reported.
func ad() {
	a.Lock()
	d.Lock()
	d.Unlock()
	a.Unlock()
}

func db() {
	d.Lock()
	b.Lock()
	b.Unlock()
	d.Unlock()
}
