package linkfail

import "testing"

func TestCall(t *testing.T) { Call() }
