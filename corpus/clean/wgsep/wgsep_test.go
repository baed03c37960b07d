package wgsep

import (
	"sync"
	"testing"
)

func TestMigrateThenVerify(t *testing.T) {
	src, dst := &Table{rows: []string{"a", "b"}}, &Table{}
	var migrated, all sync.WaitGroup
	migrated.Add(1)
	all.Add(2)
	ok := false
	go func() { defer all.Done(); ok = Verify(src, dst, &migrated) }()
	go func() { defer all.Done(); Migrate(src, dst, &migrated) }()
	all.Wait()
	if !ok {
		t.Fatal("verify failed after migration")
	}
}
