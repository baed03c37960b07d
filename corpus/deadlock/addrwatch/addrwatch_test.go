package addrwatch

import (
	"strconv"
	"testing"
)

// TestAddressRemoved resolves 300 names, then publishes three address
// lists, the second removing an address. It returns without waiting;
// deadlocked goroutines leak.
func TestAddressRemoved(t *testing.T) {
	var r Resolver
	for i := range 300 {
		r.Lookup("host" + strconv.Itoa(i%10))
	}
	b := New()
	go b.LBWatcher(3)
	go b.WatchAddrUpdates([][]string{{"a", "b"}, {"a"}, {"a", "c"}})
}
