package rt

// An object's record keeps, once shared, its operations' counts by
// goroutine name and the names in each role. Most shared objects have two
// goroutines (a channel between a sender and a receiver, a lock two take):
// two names are kept inline, a map only beyond, so that a test making
// hundreds of thousands of channels does not make as many maps. (No range
// over an int here: the runtime builds at go 1.21.)

// nameCounts counts operations by goroutine name; as a set of names (the
// roles), its counts stay 0.
type nameCounts struct {
	n    int // names inline, while more is nil
	k    [2]uint64
	c    [2]int
	more map[uint64]int
}

// put sets name's count to c if name has none.
func (nc *nameCounts) put(name uint64, c int) {
	switch {
	case nc.has(name):
	case nc.more != nil:
		nc.more[name] = c
	case nc.n < len(nc.k):
		nc.k[nc.n], nc.c[nc.n] = name, c
		nc.n++
	default:
		nc.more = map[uint64]int{nc.k[0]: nc.c[0], nc.k[1]: nc.c[1], name: c}
		nc.n = 0
	}
}

// inc adds one to name's count (put before).
func (nc *nameCounts) inc(name uint64) {
	if nc.more != nil {
		nc.more[name]++
		return
	}
	for i := 0; i < nc.n; i++ {
		if nc.k[i] == name {
			nc.c[i]++
			return
		}
	}
	nc.put(name, 1)
}

// has reports whether name is counted.
func (nc *nameCounts) has(name uint64) bool {
	if nc.more != nil {
		_, ok := nc.more[name]
		return ok
	}
	for i := 0; i < nc.n; i++ {
		if nc.k[i] == name {
			return true
		}
	}
	return false
}

func (nc *nameCounts) len() int {
	if nc.more != nil {
		return len(nc.more)
	}
	return nc.n
}

// each calls f for every name and its count.
func (nc *nameCounts) each(f func(name uint64, c int)) {
	for i := 0; i < nc.n; i++ {
		f(nc.k[i], nc.c[i])
	}
	for name, c := range nc.more {
		f(name, c)
	}
}
