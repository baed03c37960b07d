package predict

import (
	"fmt"
	"io"

	"github.com/deadhunt/deadhunt/report"
)

// WriteProfile writes the out-of-order acquisitions (the edges on a
// predicted cycle) as a gzipped pprof profile: one sample per edge, valued
// by how often it was seen, at the acquisition's stack (or its site when no
// stack was recorded), labelled with the held and acquired lock classes.
// `go tool pprof -top` then shows where they come from.
func (g *Graph) WriteProfile(w io.Writer) error {
	b := report.NewProfileBuilder("acquisitions", "count")
	for _, r := range g.recs {
		if g.hot[r] {
			e := g.edge(r)
			stack := e.Stack
			if len(stack) == 0 {
				s := e.AcquiredAt
				stack = []report.Frame{{Func: s.Func, File: s.File, Line: s.Line}}
			}
			b.Add(int64(e.Count), stack, map[string][]string{"held": {e.Held.Class}, "acquired": {e.Acquired.Class}})
		}
	}
	p, err := b.Profile()
	if err != nil {
		return fmt.Errorf("predict: %w", err)
	}
	return p.Write(w)
}
