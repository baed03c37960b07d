package rt

import "math/bits"

// ordset is a set of goroutine IDs that also finds its k-th member in ID
// order in O(log n): a gset whose words' member counts are kept in a
// Fenwick tree. The strategies pick among the enabled goroutines by index
// in ID order (uniform), so the enabled set is one.
type ordset struct {
	gset
	tree []int32 // Fenwick tree over the words' popcounts, 1-based
}

func (s *ordset) add(id int) {
	if s.gset.has(id) {
		return
	}
	s.gset.add(id)
	if len(s.tree) < len(s.gset.words) {
		s.rebuild()
		return
	}
	s.bump((id-1)>>6, 1)
}

func (s *ordset) remove(id int) {
	if !s.gset.has(id) {
		return
	}
	s.gset.remove(id)
	s.bump((id-1)>>6, -1)
}

// bump adds d to word w's count.
func (s *ordset) bump(w int, d int32) {
	for i := w + 1; i <= len(s.tree); i += i & -i {
		s.tree[i-1] += d
	}
}

// rebuild sizes the tree for twice the words (amortized O(1) per add) and
// fills it in O(words).
func (s *ordset) rebuild() {
	n := 2 * len(s.gset.words)
	for len(s.gset.words) < n {
		s.gset.words = append(s.gset.words, 0)
	}
	for n>>6 >= len(s.gset.sum) {
		s.gset.sum = append(s.gset.sum, 0)
	}
	s.tree = make([]int32, n)
	for i, w := range s.gset.words {
		s.tree[i] += int32(bits.OnesCount64(w))
		if j := (i + 1) + (i+1)&-(i+1); j <= n {
			s.tree[j-1] += s.tree[i]
		}
	}
}

// kth returns the ID of the k-th member (from 0) in ID order; 0 <= k < n.
func (s *ordset) kth(k int) int {
	pos, rest := 0, int32(k)
	for step := 1 << (bits.Len(uint(len(s.tree))) - 1); step > 0; step >>= 1 {
		if next := pos + step; next <= len(s.tree) && s.tree[next-1] <= rest {
			pos = next
			rest -= s.tree[next-1]
		}
	}
	w := s.gset.words[pos]
	for ; rest > 0; rest-- {
		w &= w - 1
	}
	return pos<<6 + bits.TrailingZeros64(w) + 1
}
