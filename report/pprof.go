package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/google/pprof/profile"
)

// ProfileBuilder builds a pprof profile of samples at stacks of Frames,
// sharing locations and functions.
type ProfileBuilder struct {
	p     *profile.Profile
	funcs map[[2]string]*profile.Function
	locs  map[Frame]*profile.Location
}

// NewProfileBuilder starts a profile whose samples count what, in unit.
func NewProfileBuilder(what, unit string) *ProfileBuilder {
	return &ProfileBuilder{
		p: &profile.Profile{
			SampleType: []*profile.ValueType{{Type: what, Unit: unit}},
			PeriodType: &profile.ValueType{Type: what, Unit: unit},
			Period:     1,
		},
		funcs: map[[2]string]*profile.Function{},
		locs:  map[Frame]*profile.Location{},
	}
}

// Add adds a sample of value v at stack (innermost first) with labels.
func (b *ProfileBuilder) Add(v int64, stack []Frame, labels map[string][]string) {
	s := &profile.Sample{Value: []int64{v}, Label: labels}
	for _, f := range stack {
		s.Location = append(s.Location, b.location(f))
	}
	b.p.Sample = append(b.p.Sample, s)
}

// Profile checks and returns the profile built.
func (b *ProfileBuilder) Profile() (*profile.Profile, error) {
	if err := b.p.CheckValid(); err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	return b.p, nil
}

func (b *ProfileBuilder) location(f Frame) *profile.Location {
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

func (b *ProfileBuilder) function(name, file string) *profile.Function {
	k := [2]string{name, file}
	if fn := b.funcs[k]; fn != nil {
		return fn
	}
	fn := &profile.Function{ID: uint64(len(b.p.Function) + 1), Name: name, SystemName: name, Filename: file}
	b.funcs[k] = fn
	b.p.Function = append(b.p.Function, fn)
	return fn
}

// WriteProfile writes the findings as a pprof profile of goroutines, as
// Go's goroutine profile shows them: a sample per goroutine of each
// confirmed deadlock (at its stack at the deadlock) and of each hang's
// snapshot (managed and unmanaged goroutines), and, for a finding without
// goroutines (a prediction), a sample per acquisition site of its locks.
// Labels: the finding's id, kind and status, and the goroutine's state
// and what it waits for. `go tool pprof -traces file` lists them;
// `-tagfocus kind=lock-never-released` keeps one kind.
func (r *Report) WriteProfile(w io.Writer) error {
	b := NewProfileBuilder("goroutines", "count")
	for _, f := range r.Findings {
		labels := func(extra ...string) map[string][]string {
			l := map[string][]string{"id": {f.ID}, "kind": {string(f.Kind)}, "status": {string(f.Status)}}
			for i := 0; i+1 < len(extra); i += 2 {
				if extra[i+1] != "" {
					l[extra[i]] = []string{extra[i+1]}
				}
			}
			return l
		}
		n := len(b.p.Sample)
		for _, g := range f.Goroutines {
			b.Add(1, stackOr(g.Stack, g.Created), labels("waits_for", g.WaitsFor, "holds", strings.Join(g.Holds, ", ")))
		}
		if s := f.Snapshot; s != nil {
			for _, gs := range [][]SnapGoroutine{s.Goroutines, s.Unmanaged} {
				for _, g := range gs {
					b.Add(1, stackOr(g.Stack, g.Created), labels("state", g.State, "go_state", g.GoState, "waits_for", g.WaitsFor))
				}
			}
		}
		if len(b.p.Sample) > n {
			continue
		}
		for _, l := range f.Locks {
			for _, s := range l.Sites {
				b.Add(1, stackOr(nil, s), labels("lock", l.Class))
			}
		}
	}
	p, err := b.Profile()
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return p.Write(w)
}

// stackOr is stack, or the one frame of site when there is no stack.
func stackOr(stack []Frame, site Site) []Frame {
	if len(stack) > 0 || site.IsZero() {
		return stack
	}
	return []Frame{{Func: site.Func, File: site.File, Line: site.Line}}
}
