package helper

import "example.com/rangemod/base"

type Wrapped struct{ *base.Watcher }

func Drain(w Wrapped) int {
	n := 0
	for range w.Errors() {
		n++
	}
	return n
}
