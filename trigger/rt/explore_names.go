package rt

// (No range over an int here: the runtime builds at go 1.21.)
//
// An object's record keeps, once shared, its operations' counts by
// goroutine name and the names in each role. Most shared objects have two
// goroutines (a channel between a sender and a receiver, a lock two take):
// two names are kept inline, a map only beyond, so that a test making
// hundreds of thousands of channels does not make as many maps.

// nameCounts counts operations by goroutine name.
type nameCounts struct {
	n    int // names inline, while more is nil
	k    [2]uint64
	c    [2]int
	more map[uint64]int
}

// put sets name's count to c if name has none.
func (nc *nameCounts) put(name uint64, c int) {
	if nc.more != nil {
		if _, ok := nc.more[name]; !ok {
			nc.more[name] = c
		}
		return
	}
	for i := 0; i < nc.n; i++ {
		if nc.k[i] == name {
			return
		}
	}
	if nc.n < len(nc.k) {
		nc.k[nc.n], nc.c[nc.n] = name, c
		nc.n++
		return
	}
	nc.more = map[uint64]int{nc.k[0]: nc.c[0], nc.k[1]: nc.c[1], name: c}
	nc.n = 0
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

// nameSet is a set of goroutine names.
type nameSet struct {
	n    int
	k    [2]uint64
	more map[uint64]bool
}

func (s *nameSet) add(name uint64) {
	if s.has(name) {
		return
	}
	switch {
	case s.more != nil:
		s.more[name] = true
	case s.n < len(s.k):
		s.k[s.n] = name
		s.n++
	default:
		s.more = map[uint64]bool{s.k[0]: true, s.k[1]: true, name: true}
		s.n = 0
	}
}

func (s *nameSet) has(name uint64) bool {
	if s.more != nil {
		return s.more[name]
	}
	for i := 0; i < s.n; i++ {
		if s.k[i] == name {
			return true
		}
	}
	return false
}

func (s *nameSet) len() int {
	if s.more != nil {
		return len(s.more)
	}
	return s.n
}

// each calls f for every name.
func (s *nameSet) each(f func(name uint64)) {
	for i := 0; i < s.n; i++ {
		f(s.k[i])
	}
	for name := range s.more {
		f(name)
	}
}
