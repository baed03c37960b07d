package ok_test

import (
	"testing"

	"example.com/m/lib"
	"example.com/m/ok"
)

func TestExternal(t *testing.T) {
	ch := make(chan any, 1)
	ch <- 3
	if v := <-ch; v != 3 {
		t.Fatal(v)
	}
	if ok.Pipeline(2) != 3 {
		t.Fatal("pipeline")
	}
}

func TestLib(t *testing.T) {
	n := 0
	lib.Locked(func() { n++ })
	if n != 1 {
		t.Fatal(n)
	}
}
