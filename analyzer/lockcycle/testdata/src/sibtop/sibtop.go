package sibtop // want `lock order cycle: locks.A held while acquiring locks.B; reverse order at sib2.go:8:\d+`

// sibtop is the first package that sees both halves of the cycle: sib1
// and sib2 do not import each other.

import (
	"sib1"
	"sib2"
)

func Both() {
	go sib1.AB()
	go sib2.BA()
}
