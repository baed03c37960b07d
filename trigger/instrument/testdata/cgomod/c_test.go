package cgomod

import "testing"

func TestTwice(t *testing.T) {
	Locked(func() {})
	if Twice(2) != 4 {
		t.Fatal(Twice(2))
	}
}
