package rt

import "math/bits"

// gset is a set of goroutines by ID: adding and removing take constant
// time, and listing the members in ID order takes time proportional to
// their number plus the number of IDs ever used / 4096 (a summary word per
// 64 words), so that a decision among a few goroutines stays cheap while
// thousands of others are blocked or asleep.
type gset struct {
	words []uint64 // bit (id-1)%64 of word (id-1)/64
	sum   []uint64 // bit i%64 of word i/64: words[i] != 0
	n     int
}

func (s *gset) add(id int) {
	i, b := (id-1)>>6, uint64(1)<<((id-1)&63)
	for i >= len(s.words) {
		s.words = append(s.words, 0)
	}
	for i>>6 >= len(s.sum) {
		s.sum = append(s.sum, 0)
	}
	if s.words[i]&b == 0 {
		s.words[i] |= b
		s.sum[i>>6] |= 1 << (i & 63)
		s.n++
	}
}

func (s *gset) remove(id int) {
	i, b := (id-1)>>6, uint64(1)<<((id-1)&63)
	if i >= len(s.words) || s.words[i]&b == 0 {
		return
	}
	s.words[i] &^= b
	if s.words[i] == 0 {
		s.sum[i>>6] &^= 1 << (i & 63)
	}
	s.n--
}

func (s *gset) has(id int) bool {
	i := (id - 1) >> 6
	return i < len(s.words) && s.words[i]&(1<<((id-1)&63)) != 0
}

// list appends the members, in ID order, to dst; all holds the goroutines
// by ID-1.
func (s *gset) list(all []*g, dst []*g) []*g {
	for si, sw := range s.sum {
		for sw != 0 {
			i := si<<6 + bits.TrailingZeros64(sw)
			sw &= sw - 1
			for w := s.words[i]; w != 0; w &= w - 1 {
				dst = append(dst, all[i<<6+bits.TrailingZeros64(w)])
			}
		}
	}
	return dst
}
