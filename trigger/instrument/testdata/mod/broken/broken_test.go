package broken

import "testing"

func TestBroken(t *testing.T) { Broken() }
