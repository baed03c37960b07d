package lockerfield // want package:"lockcycle\\(edges .*\\(\\*lockerfield.Swap\\).l -> \\(\\*lockerfield.Swap\\).b.*\\)"

// lockerfield keeps sync.Locker values in fields: x.read = x.mu.RLocker()
// makes x.read.Lock() a read lock of x.mu, and x.l = &x.mu a lock of it.

import "sync"

// Index reads through its RLocker field and calls lookup, which read-locks
// mu again: an RWR with Put's writer.
type Index struct {
	mu   sync.RWMutex
	read sync.Locker
	m    map[string]int
}

func NewIndex() *Index {
	x := &Index{m: map[string]int{}}
	x.read = x.mu.RLocker()
	return x
}

func (x *Index) Get(k string) int { // want Get:"lockcycle\\(acquires \\(\\*lockerfield.Index\\).mu\\)"
	x.read.Lock()
	defer x.read.Unlock()
	return x.lookup(k) // want `recursive read lock: \(\*lockerfield.Index\).mu read-locked at lockerfield.go:\d+:\d+ is read-locked again via \(\*lockerfield.Index\).lookup`
}

func (x *Index) lookup(k string) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.m[k]
}

func (x *Index) Put(k string, v int) { // want Put:"lockcycle\\(acquires \\(\\*lockerfield.Index\\).mu; stores into lockerfield.Index.m\\)"
	x.mu.Lock()
	x.m[k] = v
	x.mu.Unlock()
}

// Journal locks its mutex through a Locker field while taking Index.mu;
// Flush takes them the other way round.
type Journal struct {
	mu  sync.Mutex
	l   sync.Locker
	idx *Index
	n   int
}

func NewJournal(idx *Index) *Journal { // want NewJournal:"lockcycle\\(stores into lockerfield.Journal.idx\\)"
	j := &Journal{idx: idx}
	j.l = &j.mu
	return j
}

func (j *Journal) Append(k string) { // want Append:"lockcycle\\(acquires \\(\\*lockerfield.Journal\\).mu, \\(\\*lockerfield.Index\\).mu\\)"
	j.l.Lock()
	defer j.l.Unlock()
	j.idx.Put(k, j.n)
}

func (j *Journal) Flush() { // want Flush:"lockcycle\\(acquires \\(\\*lockerfield.Index\\).mu, \\(\\*lockerfield.Journal\\).mu\\)"
	j.idx.mu.Lock()
	defer j.idx.mu.Unlock()
	j.mu.Lock() // want `lock order cycle: \(\*lockerfield.Index\).mu held while acquiring \(\*lockerfield.Journal\).mu; reverse order at lockerfield.go:\d+:\d+ via \(\*lockerfield.Index\).Put`
	j.n = 0
	j.mu.Unlock()
}

// Cache is the look-alike: its read Locker read-locks mu, and nothing
// read-locks it again under it.
type Cache struct {
	mu   sync.RWMutex
	read sync.Locker
	m    map[string]int
}

func NewCache() *Cache {
	c := &Cache{m: map[string]int{}}
	c.read = c.mu.RLocker()
	return c
}

func (c *Cache) Get(k string) int { // want Get:"lockcycle\\(acquires \\(\\*lockerfield.Cache\\).mu\\)"
	c.read.Lock()
	defer c.read.Unlock()
	return c.m[k]
}

func (c *Cache) Put(k string, v int) { // want Put:"lockcycle\\(acquires \\(\\*lockerfield.Cache\\).mu; stores into lockerfield.Cache.m\\)"
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

// Swap stores two different Lockers into one field: it stands for neither.
type Swap struct {
	a, b sync.Mutex
	l    sync.Locker
}

func (s *Swap) useA() { s.l = &s.a }
func (s *Swap) useB() { s.l = &s.b }

func (s *Swap) ab() {
	s.l.Lock()
	s.b.Lock()
	s.b.Unlock()
	s.l.Unlock()
}

func (s *Swap) ba() {
	s.b.Lock()
	s.a.Lock()
	s.a.Unlock()
	s.b.Unlock()
}
