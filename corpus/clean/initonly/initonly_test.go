package initonly

import (
	"sync"
	"testing"
)

func TestRegister(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); Register("timeout", 0) }()
	go func() { defer wg.Done(); Register("retries", 3) }()
	wg.Wait()
	if Lookup("timeout") != 30 || Lookup("retries") != 3 {
		t.Fatalf("timeout %d, retries %d; want 30, 3", Lookup("timeout"), Lookup("retries"))
	}
}
