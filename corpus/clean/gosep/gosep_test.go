package gosep

import "testing"

func TestLoad(t *testing.T) {
	if n := <-Load(&State{}); n != 2 {
		t.Fatalf("watcher saw %d plugins; want 2", n)
	}
}
