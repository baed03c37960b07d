// Package locker takes locks through sync.Locker values: they are not
// followed, so they make no edges.
package locker

import "sync"

var a, b sync.Mutex

func with(l sync.Locker, f func()) {
	l.Lock()
	defer l.Unlock()
	f()
}

func ab() {
	var la, lb sync.Locker = &a, &b
	la.Lock()
	lb.Lock()
	lb.Unlock()
	la.Unlock()
}

func ba() {
	var la, lb sync.Locker = &a, &b
	lb.Lock()
	la.Lock()
	la.Unlock()
	lb.Unlock()
}
