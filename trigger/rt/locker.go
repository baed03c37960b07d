package rt

import (
	"reflect"
	"sync"
)

// sync.Locker values: a Locker whose dynamic type is one of the managed
// locks is managed; unknown Lockers are called directly.

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

// LockerLock is l.Lock() for a sync.Locker.
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
