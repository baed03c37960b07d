package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestFewAllocations: taking a mutex the run has not seen before costs no
// allocation of its own (records come from slabs, tables are made with
// room), so tests that count allocations around one call (ttlcache's
// allocsPerSingleRun) are not thrown off by the model.
func TestFewAllocations(t *testing.T) {
	var avg float64
	r, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, WatchdogMS: 1000}, 10*time.Second, func() {
		var mus [200]sync.Mutex
		lock, unlock := at("Lock", "p.mu"), at("Unlock", "p.mu")
		i := 0
		avg = testing.AllocsPerRun(100, func() {
			rt.Lock(&mus[i], lock)
			rt.Unlock(&mus[i], unlock)
			i++
		})
	})
	if err != nil || r.Deadlock != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if avg >= 0.5 {
		t.Errorf("%.2f allocations per Lock/Unlock of a new mutex, want almost none", avg)
	}
}
