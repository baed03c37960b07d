package c

import (
	"testing"

	"example.com/two/a"
)

func TestA(t *testing.T) {
	var s a.S
	s.One()
	s.Two()
}
