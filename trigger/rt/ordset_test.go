package rt

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOrdsetKth: kth agrees with the sorted members through random adds
// and removes across several tree growths.
func TestOrdsetKth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s ordset
	in := map[int]bool{}
	for step := 0; step < 20000; step++ {
		id := 1 + rng.IntN(5000)
		if rng.IntN(3) == 0 {
			s.remove(id)
			delete(in, id)
		} else {
			s.add(id)
			in[id] = true
		}
		if step%97 != 0 {
			continue
		}
		var want []int
		for id := range in {
			want = append(want, id)
		}
		slices.Sort(want)
		if s.n != len(want) {
			t.Fatalf("step %d: n = %d, want %d", step, s.n, len(want))
		}
		for k, id := range want {
			if got := s.kth(k); got != id {
				t.Fatalf("step %d: kth(%d) = %d, want %d", step, k, got, id)
			}
		}
	}
}
