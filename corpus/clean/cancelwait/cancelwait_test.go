package cancelwait

import (
	"testing"
	"time"
)

func TestCloseAtDeadline(t *testing.T) {
	s := Open(time.Millisecond)
	time.Sleep(time.Millisecond)
	if n := s.Close(); n != 0 {
		t.Fatalf("%d connections left; want 0", n)
	}
}
