package timerdrain

import (
	"testing"
	"time"
)

// TestChangeAtFlush signals a change 1 ms after starting a 1 ms debouncer,
// then closes it, in a goroutine it does not wait for. A loop stuck in the
// drain leaks.
func TestChangeAtFlush(t *testing.T) {
	d := New(time.Millisecond)
	go func() {
		time.Sleep(time.Millisecond)
		d.OnChange()
		d.Close()
	}()
}
