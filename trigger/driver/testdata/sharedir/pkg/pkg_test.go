// Package pkg's tests each own ./data.db while they run, as
// tidwall/buntdb's do: two processes of the package in one directory
// fail where go test, one test at a time, passes (issue #32).
package pkg

import (
	"os"
	"testing"
	"time"
)

// use creates ./data.db (or $SHARED, a path outside the package), holds
// it a while, checks it is still its own and removes it; it reads its
// testdata and a file beside the package.
func use(t *testing.T) {
	name := "data.db"
	if s := os.Getenv("SHARED"); s != "" {
		name = s
	}
	for _, in := range []string{"testdata/in.txt", "../shared/in.txt"} {
		if _, err := os.ReadFile(in); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err) // another process holds it
	}
	f.WriteString(t.Name())
	f.Close()
	time.Sleep(300 * time.Millisecond)
	if data, err := os.ReadFile(name); err != nil || string(data) != t.Name() {
		t.Fatalf("%s: %q, %v; want %q", name, data, err, t.Name())
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
}

func TestA(t *testing.T) { use(t) }
func TestB(t *testing.T) { use(t) }
func TestC(t *testing.T) { use(t) }
func TestD(t *testing.T) { use(t) }
