package rt_test

import (
	"runtime"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestGoid: the goroutine ID read from the runtime's g is the one its
// stack dump prints, on many goroutines; on amd64 and arm64 the fast read
// is in use.
func TestGoid(t *testing.T) {
	type ids struct {
		fast, dump uint64
		inUse      bool
	}
	res := make(chan ids)
	for i := 0; i < 50; i++ {
		go func() {
			f, d, u := rt.GoidCheck()
			res <- ids{f, d, u}
		}()
	}
	for i := 0; i < 50; i++ {
		r := <-res
		if r.fast != r.dump || r.dump == 0 {
			t.Errorf("goroutine %d read as %d", r.dump, r.fast)
		}
		if !r.inUse && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") {
			t.Errorf("the goroutine ID is parsed from stack dumps on %s", runtime.GOARCH)
		}
	}
}
