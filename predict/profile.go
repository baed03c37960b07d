package predict

import (
	"fmt"
	"io"

	"github.com/deadhunt/deadhunt/report"
	"github.com/google/pprof/profile"
)

// WriteProfile writes the out-of-order acquisitions (the edges on a
// predicted cycle) as a gzipped pprof profile: one sample per edge, valued
// by how often it was seen, at the acquisition's stack (or its site when no
// stack was recorded), labelled with the held and acquired lock classes.
// `go tool pprof -top` then shows where they come from.
func (g *Graph) WriteProfile(w io.Writer) error {
	b := profileBuilder{
		p: &profile.Profile{
			SampleType: []*profile.ValueType{{Type: "acquisitions", Unit: "count"}},
			PeriodType: &profile.ValueType{Type: "acquisitions", Unit: "count"},
			Period:     1,
		},
		funcs: make(map[[2]string]*profile.Function),
		locs:  make(map[report.Frame]*profile.Location),
	}
	for _, r := range g.recs {
		if g.hot[r] {
			b.sample(g.edge(r))
		}
	}
	if err := b.p.CheckValid(); err != nil {
		return fmt.Errorf("predict: profile: %w", err)
	}
	return b.p.Write(w)
}

type profileBuilder struct {
	p     *profile.Profile
	funcs map[[2]string]*profile.Function
	locs  map[report.Frame]*profile.Location
}

func (b *profileBuilder) sample(e Edge) {
	stack := e.Stack
	if len(stack) == 0 {
		s := e.AcquiredAt
		stack = []report.Frame{{Func: s.Func, File: s.File, Line: s.Line}}
	}
	s := &profile.Sample{
		Value: []int64{int64(e.Count)},
		Label: map[string][]string{"held": {e.Held.Class}, "acquired": {e.Acquired.Class}},
	}
	for _, f := range stack {
		s.Location = append(s.Location, b.location(f))
	}
	b.p.Sample = append(b.p.Sample, s)
}

func (b *profileBuilder) location(f report.Frame) *profile.Location {
	if l := b.locs[f]; l != nil {
		return l
	}
	l := &profile.Location{
		ID:   uint64(len(b.p.Location) + 1),
		Line: []profile.Line{{Function: b.function(f.Func, f.File), Line: int64(f.Line)}},
	}
	b.locs[f] = l
	b.p.Location = append(b.p.Location, l)
	return l
}

func (b *profileBuilder) function(name, file string) *profile.Function {
	k := [2]string{name, file}
	if fn := b.funcs[k]; fn != nil {
		return fn
	}
	fn := &profile.Function{ID: uint64(len(b.p.Function) + 1), Name: name, SystemName: name, Filename: file}
	b.funcs[k] = fn
	b.p.Function = append(b.p.Function, fn)
	return fn
}
