package predict

import (
	"slices"
	"testing"
)

func TestCoreKeepsOnlyCycleEdges(t *testing.T) {
	adj := make(map[[2]int]bool)
	// 0→1→2→0 is a cycle; 3→0, 2→4, 4→5 and 6→7 are on none; 8→9→8 is a second cycle.
	for _, k := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 0}, {2, 4}, {4, 5}, {6, 7}, {8, 9}, {9, 8}} {
		adj[k] = true
	}
	got := core(adj)
	slices.SortFunc(got, func(a, b [2]int) int { return a[0]*100 + a[1] - b[0]*100 - b[1] })
	want := [][2]int{{0, 1}, {1, 2}, {2, 0}, {8, 9}, {9, 8}}
	if !slices.Equal(got, want) {
		t.Fatalf("core = %v, want %v", got, want)
	}
}
