package evictcb

import "testing"

// TestEvictCallback fills a one-entry cache whose eviction callback asks
// for the cache's size. The adds run in a goroutine the test does not wait
// for: it deadlocks on the second Add and leaks.
func TestEvictCallback(t *testing.T) {
	c := &Cache{cap: 1}
	var sizes []int
	c.OnEvict = func(string) { sizes = append(sizes, c.Len()) }
	go func() {
		c.Add("a")
		c.Add("b")
	}()
}
