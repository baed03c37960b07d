package rt

import "testing"

// TestCutSumsDistinct: a cut sums one hash per goroutine (its name and
// the operations it has begun); states that differ in a few operations
// must not sum to the same value, or runs with different outcomes share a
// signature (a deadline fired before a goroutine started, and after it
// ended, once did).
func TestCutSumsDistinct(t *testing.T) {
	names := []uint64{hashString("main"), hashString("worker"), 13709196501233880187, 5206911755834840157}
	seen := map[uint64][2]int{}
	for a := 0; a < len(names); a++ {
		for b := a + 1; b < len(names); b++ {
			clear(seen)
			for i := range 64 {
				for j := range 64 {
					sum := hashSeq(names[a], []uint64{uint64(i)}) + hashSeq(names[b], []uint64{uint64(j)})
					if was, ok := seen[sum]; ok {
						t.Fatalf("names %d,%d: states %v and [%d %d] sum alike", a, b, was, i, j)
					}
					seen[sum] = [2]int{i, j}
				}
			}
		}
	}
}
