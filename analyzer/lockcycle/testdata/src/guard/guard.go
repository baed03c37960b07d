package guard // want package:"lockcycle\\(edges .*\\)"

// guard takes a and b in both orders, but always under g: the
// common guard lock makes the cycle impossible.

import "sync"

type T struct {
	g, a, b sync.Mutex
}

func (t *T) ab() {
	t.g.Lock()
	defer t.g.Unlock()
	t.a.Lock()
	t.b.Lock()
	t.b.Unlock()
	t.a.Unlock()
}

func (t *T) ba() {
	t.g.Lock()
	defer t.g.Unlock()
	t.b.Lock()
	t.a.Lock()
	t.a.Unlock()
	t.b.Unlock()
}

// rg holds an RWMutex as guard in read mode on both sides: readers do not
// exclude each other, so this cycle is reported.
type R struct {
	g    sync.RWMutex
	a, b sync.Mutex
}

func (r *R) ab() {
	r.g.RLock()
	defer r.g.RUnlock()
	r.a.Lock()
	r.b.Lock() // want `lock order cycle: \(\*guard.R\).a held while acquiring \(\*guard.R\).b`
	r.b.Unlock()
	r.a.Unlock()
}

func (r *R) ba() {
	r.g.RLock()
	defer r.g.RUnlock()
	r.b.Lock()
	r.a.Lock()
	r.a.Unlock()
	r.b.Unlock()
}

// S takes a and b in both orders inside helpers; every caller of the
// helpers holds g, so the guard covers them too.
type S struct{ g, a, b sync.Mutex }

func (s *S) one() { s.g.Lock(); defer s.g.Unlock(); s.ab() }
func (s *S) two() { s.g.Lock(); defer s.g.Unlock(); s.ba() }
func (s *S) ab()  { s.a.Lock(); s.b.Lock(); s.b.Unlock(); s.a.Unlock() }
func (s *S) ba()  { s.b.Lock(); s.a.Lock(); s.a.Unlock(); s.b.Unlock() }

// V is guarded by a lock that an unlock helper releases: the helper runs
// with it held, so do the helpers it calls.
type V struct{ g, a, b sync.Mutex }

func (v *V) lockG()   { v.g.Lock() }
func (v *V) unlockG() { v.ab(); v.g.Unlock() }
func (v *V) one()     { v.lockG(); v.unlockG() }
func (v *V) two()     { v.g.Lock(); defer v.g.Unlock(); v.ba() }
func (v *V) ab()      { v.a.Lock(); v.b.Lock(); v.b.Unlock(); v.a.Unlock() }
func (v *V) ba()      { v.b.Lock(); v.a.Lock(); v.a.Unlock(); v.b.Unlock() }
