package lockcycle

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// held is one lock held at a program point.
type held struct {
	loc
	mode    mode
	site    site      // where the lock was really acquired
	pos     token.Pos // where, in this function, it was acquired (lock call or call to a helper)
	via     []string  // helper calls it was acquired through
	ignored bool
	direct  bool // acquired by a lock call in this function
	rw      bool // the mutex is a sync.RWMutex (known for direct acquisitions)
	// owner is the instance key of the object a callback was loaded from
	// (c for c.OnEvict(...)), for acquisitions made inside that callback.
	owner string
}

func (h *held) same(o *held) bool {
	return h.Class == o.Class && h.key == o.key && h.mode == o.mode
}

// state is the lockset at a program point: the locks held in acquisition
// order, the deferred calls pending, and the locks released that the
// function did not acquire (it was called with them held).
type state struct {
	top      bool // not reached yet: the identity of the meet
	dead     bool // after a call that does not return
	held     []held
	defers   []*ssa.Defer
	released []loc
	joined   []string // channels received from and WaitGroups waited on, on every path
}

func (s *state) clone() *state {
	c := *s
	c.held = append([]held(nil), s.held...)
	c.defers = append([]*ssa.Defer(nil), s.defers...)
	c.released = append([]loc(nil), s.released...)
	c.joined = append([]string(nil), s.joined...)
	return &c
}

// meet joins two states where paths merge: a lock is held only if it is
// held on both paths (must-hold), deferred calls are those both paths
// share as a prefix, released locks are those released on either path.
func meet(a, b *state) *state {
	switch {
	case a.top:
		return b.clone()
	case b.top:
		return a.clone()
	}
	out := &state{dead: a.dead && b.dead}
	if a.dead && !b.dead {
		return b.clone()
	}
	if b.dead && !a.dead {
		return a.clone()
	}
	for i := range a.held {
		for j := range b.held {
			if a.held[i].same(&b.held[j]) {
				out.held = append(out.held, a.held[i])
				break
			}
		}
	}
	for _, k := range a.joined {
		if contains(b.joined, k) {
			out.joined = append(out.joined, k)
		}
	}
	for i := 0; i < len(a.defers) && i < len(b.defers) && a.defers[i] == b.defers[i]; i++ {
		out.defers = append(out.defers, a.defers[i])
	}
	out.released = append(out.released, a.released...)
	for _, r := range b.released {
		if !hasLoc(out.released, r) {
			out.released = append(out.released, r)
		}
	}
	return out
}

func hasLoc(ls []loc, l loc) bool {
	for _, x := range ls {
		if x.Class == l.Class && x.key == l.key {
			return true
		}
	}
	return false
}

func equal(a, b *state) bool {
	if a.top != b.top || a.dead != b.dead || len(a.held) != len(b.held) ||
		len(a.defers) != len(b.defers) || len(a.released) != len(b.released) || len(a.joined) != len(b.joined) {
		return false
	}
	for i := range a.held {
		if !a.held[i].same(&b.held[i]) {
			return false
		}
	}
	for i := range a.defers {
		if a.defers[i] != b.defers[i] {
			return false
		}
	}
	return true
}

// release removes the lock l from the held set: the most recent
// acquisition of the same instance, or, when the instance is unknown, of the
// same class. It reports whether a held lock was found.
func (s *state) release(l loc) bool {
	for i := len(s.held) - 1; i >= 0; i-- {
		if l.key != "" && s.held[i].key == l.key {
			s.held = append(s.held[:i], s.held[i+1:]...)
			return true
		}
	}
	for i := len(s.held) - 1; i >= 0; i-- {
		if s.held[i].Class == l.Class {
			s.held = append(s.held[:i], s.held[i+1:]...)
			return true
		}
	}
	return false
}

// guards lists the held locks other than the one at index skip.
func (s *state) guards(skip int) []guard {
	var gs []guard
	for i, h := range s.held {
		if i != skip {
			gs = append(gs, guard{Class: h.Class, Mode: h.mode})
		}
	}
	return gs
}
