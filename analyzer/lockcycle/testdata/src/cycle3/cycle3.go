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

// A four-cycle: a -> d is consistent with everything above except d -> a
// below, which closes a -> d -> a only via the chain d -> b -> c -> a of
// length four.
func ad() {
	d.Lock()
	b.Lock()
	b.Unlock()
	d.Unlock()
}

func da() {
	a.Lock()
	d.Lock() // want `lock order cycle: cycle3.a held while acquiring cycle3.d; then cycle3.d held while acquiring cycle3.b at cycle3.go:33:\d+, then cycle3.b held while acquiring cycle3.c at cycle3.go:16:\d+, then cycle3.c held while acquiring cycle3.a at cycle3.go:23:\d+`
	d.Unlock()
	a.Unlock()
}
