//go:build go1.23 && !race

package rt

import (
	"iter"
	_ "unsafe" // go:linkname
)

// coro is a place where one goroutine is always parked, built on the Go
// runtime's coroutine that iter.Pull uses: coroswitch(c) parks the caller
// in c and runs the goroutine that was parked there, on the same thread,
// without going through Go's scheduler. iter.Pull's next and yield are
// each such a switch, and must alternate: the switches into c are
// serialized (one goroutine at a time holds the token), so odd tells which
// is due. f runs in the coroutine's own goroutine at the first switch;
// when it returns, the goroutine parked in c resumes and c is done.
type coro struct {
	next  func() (struct{}, bool)
	yield func(struct{}) bool
	odd   bool // the next switch is a yield
}

func newcoro(f func(*coro)) *coro {
	c := &coro{}
	c.next, _ = iter.Pull(func(yield func(struct{}) bool) {
		c.yield = yield
		f(c)
	})
	return c
}

func coroswitch(c *coro) {
	if c.odd {
		c.odd = false
		c.yield(struct{}{})
		return
	}
	c.odd = true
	c.next()
}

// lockedOSThread reports whether the calling goroutine is locked to its
// thread (runtime.LockOSThread): such a goroutine must not switch.
//
//go:linkname lockedOSThread runtime.lockedOSThread
func lockedOSThread() bool

const coroOK = true
