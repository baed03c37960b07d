package predict

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// WriteDOT writes the class-level lock-order graph for Graphviz: one node
// per lock class, one edge per ordered pair labelled with how often it was
// seen; edges on a predicted cycle are red and bold (a cycle over two
// instances of one class shows as a red self-loop).
func (g *Graph) WriteDOT(w io.Writer) error {
	type pair [2]int
	count, hot := make(map[pair]int), make(map[pair]bool)
	var pairs []pair
	for _, r := range g.recs {
		p := pair{g.t.locks[r.from].class, g.t.locks[r.to].class}
		if _, ok := count[p]; !ok {
			pairs = append(pairs, p)
		}
		count[p] += r.count
		hot[p] = hot[p] || g.hot[r]
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph lockorder {")
	fmt.Fprintln(bw, "\tnode [shape=box];")
	for i, c := range g.t.classes {
		fmt.Fprintf(bw, "\tn%d [label=\"%s\"];\n", i, dotEscape.Replace(c))
	}
	for _, p := range pairs {
		attr := ""
		if hot[p] {
			attr = ", color=red, penwidth=2"
		}
		fmt.Fprintf(bw, "\tn%d -> n%d [label=\"%d\"%s];\n", p[0], p[1], count[p], attr)
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}

var dotEscape = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
