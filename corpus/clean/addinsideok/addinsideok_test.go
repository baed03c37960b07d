package addinsideok

import "testing"

func TestShutdownAfterPolls(t *testing.T) {
	s := New()
	loopDone := make(chan struct{})
	go func() { s.Loop(); close(loopDone) }()
	s.Handle(1)
	for range 300 {
		s.Poll()
	}
	shut := make(chan struct{})
	go func() { s.Shutdown(); close(shut) }()
	<-shut
	<-loopDone
	if s.served != 2 || s.polls != 300 {
		t.Fatalf("served %d polls %d, want 2 and 300", s.served, s.polls)
	}
}
