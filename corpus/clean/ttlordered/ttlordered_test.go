package ttlordered

import (
	"testing"
	"time"
)

func TestAssignWhileExpiring(t *testing.T) {
	s := New(time.Millisecond, time.Millisecond)
	for i := range 3 {
		s.Assign("root", i)
		time.Sleep(time.Millisecond)
	}
	s.Close()
	if n := s.Len(); n > 3 {
		t.Fatalf("%d tokens; want at most 3", n)
	}
}
