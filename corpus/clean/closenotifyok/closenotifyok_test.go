package closenotifyok

import "testing"

func TestStopThenWait(t *testing.T) {
	tr := New()
	tr.Start()
	got := make(chan error)
	go func() { got <- tr.WaitClosed() }()
	go tr.Stop()
	if err := <-got; err != ErrStopped {
		t.Fatalf("WaitClosed = %v, want ErrStopped", err)
	}
}
