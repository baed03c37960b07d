package bufanswer

import (
	"testing"
	"time"
)

func TestSlowStorage(t *testing.T) {
	res, err, done := FinishRequest(time.Millisecond, func() (string, error) {
		time.Sleep(time.Millisecond)
		return "pod", nil
	})
	<-done // the storage goroutine always finishes
	if err == nil && res != "pod" || err != nil && err != ErrTimeout {
		t.Fatalf("got %q, %v", res, err)
	}
}
