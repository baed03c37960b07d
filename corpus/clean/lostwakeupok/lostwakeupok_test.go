package lostwakeupok

import (
	"sync"
	"testing"
)

func TestReadWrite(t *testing.T) {
	p := New()
	var wg sync.WaitGroup
	wg.Add(2)
	var got []byte
	go func() { defer wg.Done(); got = p.Read() }()
	go func() { defer wg.Done(); p.Write([]byte("x")) }()
	wg.Wait()
	if string(got) != "x" {
		t.Fatalf("read %q, want x", got)
	}
}
