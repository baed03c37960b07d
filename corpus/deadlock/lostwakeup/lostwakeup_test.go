package lostwakeup

import "testing"

// TestReadWrite reads and writes concurrently. It returns without waiting;
// deadlocked goroutines leak.
func TestReadWrite(t *testing.T) {
	p := New()
	go p.Read()
	go p.Write([]byte("x"))
}
