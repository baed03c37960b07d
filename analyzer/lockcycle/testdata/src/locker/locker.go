package locker // want package:"lockcycle\\(edges .*\\)"

// locker takes locks through sync.Locker values, RLocker, and mutexes
// passed as parameters or returned: each is followed like the mutex it
// wraps.

import "sync"

var a, b sync.Mutex

// withD takes the Locker it is given, then d.
func withD(l sync.Locker) {
	l.Lock()
	defer l.Unlock()
	d.Lock()
	d.Unlock()
}

func ab() {
	var la, lb sync.Locker = &a, &b
	la.Lock()
	lb.Lock() // want `lock order cycle: locker.a held while acquiring locker.b; reverse order at locker.go:\d+:\d+`
	lb.Unlock()
	la.Unlock()
}

func ba() {
	var la, lb sync.Locker = &a, &b
	lb.Lock()
	la.Lock()
	la.Unlock()
	lb.Unlock()
}

// Through a Locker parameter: c -> d here, d -> c in dc.
var c, d sync.Mutex

func cd() {
	withD(&c) // want `lock order cycle: locker.c held while acquiring locker.d via locker.withD`
}

func dc() {
	d.Lock()
	defer d.Unlock()
	var l sync.Locker = &c
	l.Lock()
	l.Unlock()
}

// RLocker: a read lock of rw; the writer in write makes it an RWR.
type Table struct {
	rw   sync.RWMutex
	rows map[string]int
}

func (t *Table) get(k string) int {
	r := t.rw.RLocker()
	r.Lock()
	defer r.Unlock()
	return t.count(k) // want `recursive read lock: \(\*locker.Table\).rw read-locked at locker.go:\d+:\d+ is read-locked again via \(\*locker.Table\).count`
}

func (t *Table) count(k string) int {
	t.rw.RLock()
	defer t.rw.RUnlock()
	return t.rows[k]
}

func (t *Table) write(k string) {
	t.rw.Lock()
	t.rows[k] = 1
	t.rw.Unlock()
}

// A mutex returned by a method: lockFor's result is (*Striped).locks[*].
type Striped struct {
	locks [8]sync.Mutex
	meta  sync.Mutex
}

func (s *Striped) lockFor(k int) *sync.Mutex { return &s.locks[k%8] }

func (s *Striped) update(k int) {
	mu := s.lockFor(k)
	mu.Lock()
	defer mu.Unlock()
	s.meta.Lock() // want `lock order cycle: \(\*locker.Striped\).locks\[\*\] held while acquiring \(\*locker.Striped\).meta`
	s.meta.Unlock()
}

func (s *Striped) resize() {
	s.meta.Lock()
	defer s.meta.Unlock()
	for i := range s.locks {
		s.lockFor(i).Lock()
		s.lockFor(i).Unlock()
	}
}

// A Locker whose mutex is released before the other lock: no edge.
func released() {
	var la sync.Locker = &a
	la.Lock()
	la.Unlock()
	b.Lock()
	b.Unlock()
}
