// Package bcache models a block cache that keeps a byte count next to a
// thread-safe LRU. The LRU calls the eviction callback under its own lock,
// and the callback takes the byte-count lock; makeRoom holds the byte-count
// lock and asks the LRU for its length.
package bcache

import "sync"

// LRU is a minimal thread-safe LRU list of keys.
type LRU struct {
	mu      sync.Mutex
	keys    []string
	max     int
	onEvict func(key string)
}

// Add inserts key, evicting the oldest key when full.
func (l *LRU) Add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.keys) == l.max {
		old := l.keys[0]
		l.keys = l.keys[1:]
		l.onEvict(old) // LRU.mu -> BlockCache.bytesMu
	}
	l.keys = append(l.keys, key)
}

// Len reports the number of keys.
func (l *LRU) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.keys)
}

type BlockCache struct {
	bytesMu sync.Mutex
	bytes   int
	sizes   map[string]int // fixed at construction
	lru     *LRU
}

func New(max int, sizes map[string]int) *BlockCache {
	b := &BlockCache{sizes: sizes}
	b.lru = &LRU{max: max, onEvict: b.evicted}
	return b
}

func (b *BlockCache) evicted(key string) {
	b.bytesMu.Lock()
	b.bytes -= b.sizes[key]
	b.bytesMu.Unlock()
}

// Put caches key and accounts for its size.
func (b *BlockCache) Put(key string) {
	b.makeRoom(b.sizes[key])
	b.lru.Add(key)
}

func (b *BlockCache) makeRoom(size int) {
	b.bytesMu.Lock()
	defer b.bytesMu.Unlock()
	if b.lru.Len() > 0 { // BlockCache.bytesMu -> LRU.mu
		b.bytes += size
	}
}
