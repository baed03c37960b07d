package rt

import (
	"reflect"
	"sync"
)

// Lock is (*sync.Mutex).Lock.
func Lock(m *sync.Mutex, s *Site) {
	g := enter()
	if g == nil {
		countAcq()
		m.Lock()
		return
	}
	g.do(op{kind: opLock, site: s, mu: m})
	realLock(g, m)
}

// Unlock is (*sync.Mutex).Unlock.
func Unlock(m *sync.Mutex, s *Site) {
	g := enter()
	if g == nil {
		m.Unlock()
		return
	}
	g.do(op{kind: opUnlock, site: s, mu: m})
	m.Unlock()
}

// TryLock is (*sync.Mutex).TryLock.
func TryLock(m *sync.Mutex, s *Site) bool {
	g := enter()
	if g == nil {
		countAcq()
		return m.TryLock()
	}
	g.do(op{kind: opTryLock, site: s, mu: m})
	return g.op.ok
}

// RWLock is (*sync.RWMutex).Lock.
func RWLock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		countAcq()
		m.Lock()
		return
	}
	g.do(op{kind: opRWLock, site: s, rw: m})
	realRWLock(g, m)
}

// RWUnlock is (*sync.RWMutex).Unlock.
func RWUnlock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		m.Unlock()
		return
	}
	g.do(op{kind: opRWUnlock, site: s, rw: m})
	m.Unlock()
}

// RWTryLock is (*sync.RWMutex).TryLock.
func RWTryLock(m *sync.RWMutex, s *Site) bool {
	g := enter()
	if g == nil {
		countAcq()
		return m.TryLock()
	}
	g.do(op{kind: opRWTryLock, site: s, rw: m})
	return g.op.ok
}

// RLock is (*sync.RWMutex).RLock.
func RLock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		countAcq()
		m.RLock()
		return
	}
	g.do(op{kind: opRLock, site: s, rw: m})
	realRLock(g, m)
}

// RUnlock is (*sync.RWMutex).RUnlock.
func RUnlock(m *sync.RWMutex, s *Site) {
	g := enter()
	if g == nil {
		m.RUnlock()
		return
	}
	g.do(op{kind: opRUnlock, site: s, rw: m})
	m.RUnlock()
}

// TryRLock is (*sync.RWMutex).TryRLock.
func TryRLock(m *sync.RWMutex, s *Site) bool {
	g := enter()
	if g == nil {
		countAcq()
		return m.TryRLock()
	}
	g.do(op{kind: opTryRLock, site: s, rw: m})
	return g.op.ok
}

// RLocker is (*sync.RWMutex).RLocker; the Locker it returns is managed.
func RLocker(m *sync.RWMutex, s *Site) sync.Locker {
	if active() == nil {
		return m.RLocker()
	}
	return &rlocker{m: m, s: s}
}

// rlocker is the managed Locker returned by RLocker.
type rlocker struct {
	m *sync.RWMutex
	s *Site
}

func (r *rlocker) Lock()   { RLock(r.m, r.s) }
func (r *rlocker) Unlock() { RUnlock(r.m, r.s) }

// LockerLock is l.Lock() for a sync.Locker: known lock types are managed,
// unknown Lockers are called directly.
func LockerLock(l sync.Locker, s *Site) {
	switch l := l.(type) {
	case *sync.Mutex:
		Lock(l, s)
	case *sync.RWMutex:
		RWLock(l, s)
	case *rlocker:
		RLock(l.m, s)
	default:
		if m := stdRLocker(l); m != nil {
			RLock(m, s)
			return
		}
		l.Lock()
	}
}

// LockerUnlock is l.Unlock() for a sync.Locker.
func LockerUnlock(l sync.Locker, s *Site) {
	switch l := l.(type) {
	case *sync.Mutex:
		Unlock(l, s)
	case *sync.RWMutex:
		RWUnlock(l, s)
	case *rlocker:
		RUnlock(l.m, s)
	default:
		if m := stdRLocker(l); m != nil {
			RUnlock(m, s)
			return
		}
		l.Unlock()
	}
}

// stdRLocker returns the RWMutex behind a Locker returned by the real
// (*sync.RWMutex).RLocker (type *sync.rlocker, a converted *RWMutex), or nil.
func stdRLocker(l sync.Locker) *sync.RWMutex {
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Pointer || v.Type().String() != "*sync.rlocker" {
		return nil
	}
	return (*sync.RWMutex)(v.UnsafePointer())
}
