package earlyrefreshok

import (
	"strings"
	"sync"
	"testing"
)

func TestHotKey(t *testing.T) {
	c := New(strings.ToUpper)
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			for range 5 {
				if got := c.Get("a"); got != "A" {
					t.Errorf("Get = %q, want A", got)
				}
			}
		}()
	}
	c.Refresh("a")
	wg.Wait()
}
