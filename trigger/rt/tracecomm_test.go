package rt

import (
	"testing"

	"github.com/deadhunt/deadhunt/predict/trace"
)

func TestCommBits(t *testing.T) {
	got := []int{commSend, commRecv, commSelect, commDefault, commClose, commWGWait, commCondWait, commSignal, commUnbuffered, commFire, commTimerStop, commWGAdd, commWGDone}
	want := []int{trace.CommSend, trace.CommRecv, trace.CommSelect, trace.CommDefault, trace.CommClose, trace.CommWGWait, trace.CommCondWait, trace.CommSignal, trace.CommUnbuffered, trace.CommFire, trace.CommTimerStop, trace.CommWGAdd, trace.CommWGDone}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("bit %d: rt %d, trace %d", i, got[i], want[i])
		}
	}
}
