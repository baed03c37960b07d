package pool

import "testing"

func TestRun(t *testing.T) {
	n := 0
	Run(4, 2, func() {})
	Run(1, 1, func() { n++ })
	if n != 1 {
		t.Fatal("f did not run")
	}
}
