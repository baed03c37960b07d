package crossb // want package:"lockcycle\\(edges .*\\)"

// crossb closes the cycle with crossa: Cache.mu -> Store.Mutex in
// Fill, and Store.Mutex -> Cache.mu through the helper pair in Flush.
// (Store.Put calling the Notifier with the lock held would be seen here,
// through Put's summary, if crossb called Put; see Sub below.)

import (
	"crossa"
	"sync"
)

type Cache struct {
	mu    sync.Mutex
	st    *crossa.Store
	items map[string]int
}

func (c *Cache) Fill(k string) { // want Fill:"lockcycle\\(acquires \\(\\*crossb.Cache\\).mu, \\(\\*crossa.Store\\).Mutex\\)"
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[k] = c.st.Get(k)
}

func (c *Cache) Changed(k string) { // want Changed:"lockcycle\\(acquires \\(\\*crossb.Cache\\).mu\\)"
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.items, k)
}

// Flush holds the store lock through the helper pair while dropping
// cached entries.
func (c *Cache) Flush() { // want Flush:"lockcycle\\(acquires \\(\\*crossa.Store\\).Mutex, \\(\\*crossb.Cache\\).mu\\)"
	c.st.LockStore()
	c.mu.Lock() // want `lock order cycle: \(\*crossa.Store\).Mutex held while acquiring \(\*crossb.Cache\).mu; reverse order at crossb.go:22:\d+ via \(\*crossa.Store\).Get \(lock at crossa.go:16:\d+\)`
	clear(c.items)
	c.mu.Unlock()
	c.st.UnlockStore()
}

// Sub listens on a crossa.Bus: Publish calls Notify with the bus lock held
// (Bus.mu -> Sub.mu, seen only here, where Notify is visible), and leave
// closes the bus holding the subscriber lock (Sub.mu -> Bus.mu).
type Sub struct {
	mu  sync.Mutex
	bus *crossa.Bus
}

func (s *Sub) Notify() { // want Notify:"lockcycle\\(acquires \\(\\*crossb.Sub\\).mu\\)"
	s.mu.Lock()
	s.mu.Unlock()
}

func (s *Sub) poke() { s.bus.Publish(s) } // want `lock order cycle: \(\*crossa.Bus\).mu held while acquiring \(\*crossb.Sub\).mu via \(\*crossa.Bus\).Publish -> \(\*crossb.Sub\).Notify \(at crossb.go:50:\d+\) through a dynamic call; reverse order at crossb.go:59:\d+ via \(\*crossa.Bus\).Close`

func (s *Sub) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bus.Close()
}
