package predict

// vclock is a vector clock indexed by a goroutine's index within its run.
// A vclock is never changed once shared: joins make a copy. A goroutine's
// own entry is kept in gstate.clock, not in its vclock.
type vclock []uint32

func (v vclock) at(i int) uint32 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// joined returns the maximum of v and w, with entry i at least c: v
// itself if that adds nothing, else a new clock.
func (v vclock) joined(w vclock, i int, c uint32) vclock {
	if v.covers(w, i, c) {
		return v
	}
	n := max(len(v), len(w), i+1)
	out := make(vclock, n)
	copy(out, v)
	for j, x := range w {
		out[j] = max(out[j], x)
	}
	out[i] = max(out[i], c)
	return out
}

// covers reports whether v already knows everything w and (i, c) say.
func (v vclock) covers(w vclock, i int, c uint32) bool {
	if v.at(i) < c {
		return false
	}
	for j, x := range w {
		if v.at(j) < x {
			return false
		}
	}
	return true
}

// occurrence is one moment a goroutine held one lock and acquired another:
// start is the acquisition of the held lock, end that of the acquired one.
type occurrence struct {
	g          int // goroutine index within the run
	start, end uint32
	startVC    vclock
}

// ordered reports whether a and b (of one run, different goroutines) are
// separated by happens-before: one acquired its second lock before the
// other acquired its first.
func ordered(a, b *occurrence) bool {
	return a.end <= b.startVC.at(a.g) || b.end <= a.startVC.at(b.g)
}
