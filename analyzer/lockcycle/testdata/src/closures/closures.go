package closures // want package:"lockcycle\\(edges .*\\)"

import "sync"

var a, b sync.Mutex

// inPlace calls a closure in place with a held: edge a -> b.
func inPlace() {
	a.Lock()
	defer a.Unlock()
	func() {
		b.Lock()
		defer b.Unlock()
	}() // want `lock order cycle: closures.a held while acquiring closures.b via closures.inPlace\$1 \(at closures.go:12:\d+\); reverse order at closures.go:30:\d+`
}

// spawned: a goroutine does not inherit the held lock: no edge a -> b here.
func spawned() {
	a.Lock()
	defer a.Unlock()
	go func() {
		b.Lock()
		b.Unlock()
	}()
}

func reverse() {
	b.Lock()
	defer b.Unlock()
	a.Lock()
	a.Unlock()
}
