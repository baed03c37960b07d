package drainok

import (
	"testing"
	"time"
)

func TestChangeAtFlush(t *testing.T) {
	d := New(time.Millisecond)
	time.Sleep(time.Millisecond)
	d.OnChange()
	if n := d.Close(); n > 2 {
		t.Fatalf("%d flushes; want at most 2", n)
	}
}
