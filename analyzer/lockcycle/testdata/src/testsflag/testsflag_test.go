package testsflag

import "testing"

func TestSelf(t *testing.T) {
	var x T
	x.mu.Lock()
	x.mu.Lock() // want `double lock: \(\*testsflag.T\).mu locked at testsflag_test.go:7:\d+ is locked again`
}
