package nocompile

import "testing"

func TestBroken(t *testing.T) {
	if Broken() != 0 {
		t.Fatal("unreachable")
	}
}
