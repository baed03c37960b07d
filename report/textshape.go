package report

import (
	"fmt"
	"slices"
	"strings"
)

// PerShape is how many findings of one shape WriteText prints in full:
// the others are counted on one line with their IDs.
const PerShape = 3

// shape is what findings that repeat one bug in other tests or packages
// share: status, kind, lock classes and, for goroutines blocked without
// a lock, where they were created.
func (f *Finding) shape() string {
	parts := []string{string(f.Status), string(f.Kind)}
	parts = append(parts, slices.Compact(slices.Sorted(slices.Values(f.Classes())))...)
	if f.Kind == Blocked && len(f.Locks) == 0 {
		var created []string
		for _, g := range f.Goroutines {
			if !g.Created.IsZero() && g.ID != 1 {
				created = append(created, g.Created.String())
			}
		}
		parts = append(parts, slices.Compact(slices.Sorted(slices.Values(created)))...)
	}
	return strings.Join(parts, "\x00")
}

// repeats is, per finding, whether WriteText leaves it out (beyond
// perShape of its shape; none if perShape is 0), and one line per shape
// with findings left out: "37 more finding(s) of the shape of DH-1
// (confirmed ...) in other tests or packages: DH-2, DH-3, ...".
func (r *Report) repeats(perShape int) (hidden []bool, lines []string) {
	hidden = make([]bool, len(r.Findings))
	if perShape <= 0 {
		return hidden, nil
	}
	var order []string
	first, count, more := map[string]int{}, map[string]int{}, map[string][]string{}
	for i := range r.Findings {
		s := r.Findings[i].shape()
		if count[s] == 0 {
			first[s], order = i, append(order, s)
		}
		count[s]++
		if count[s] > perShape {
			hidden[i] = true
			more[s] = append(more[s], r.Findings[i].ID)
		}
	}
	for _, s := range order {
		if ids := more[s]; len(ids) > 0 {
			f := &r.Findings[first[s]]
			lines = append(lines, fmt.Sprintf("%d more finding(s) of the shape of %s (%s) in other tests or packages: %s",
				len(ids), f.ID, f.shapeText(), strings.Join(ids, ", ")))
		}
	}
	return hidden, lines
}

// shapeText says what the findings of f's shape share: "confirmed
// lock-order-cycle a.mu → b.mu", "confirmed leaked goroutine blocked
// forever (partial deadlock), created at x.go:3:2".
func (f *Finding) shapeText() string {
	text := fmt.Sprintf("%s %s %s", f.Status, f.Kind, strings.Join(f.Classes(), " → "))
	if f.Kind == Blocked && len(f.Locks) == 0 {
		text = fmt.Sprintf("%s %s", f.Status, f.blockedWhat())
		var created []string
		for _, g := range f.Goroutines {
			if c := g.Created.String(); !g.Created.IsZero() && g.ID != 1 && !slices.Contains(created, c) {
				created = append(created, c)
			}
		}
		if len(created) > 0 {
			text += ", created at " + strings.Join(created, ", ")
		}
	}
	return strings.TrimSpace(text)
}

// Repeated are the IDs of the findings WriteText counts without writing
// them: those beyond PerShape of their shape.
func (r *Report) Repeated() map[string]bool {
	hidden, _ := r.repeats(PerShape)
	ids := map[string]bool{}
	for i, h := range hidden {
		if h {
			ids[r.Findings[i].ID] = true
		}
	}
	return ids
}
