package cancelnotifyok

import "testing"

func TestCancelWhileWaiting(t *testing.T) {
	n := New(300)
	got := make(chan bool)
	go func() { got <- n.Wait() }()
	go n.Cancel()
	if <-got {
		t.Fatal("Wait reported an event; want cancelled")
	}
}
