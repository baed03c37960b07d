package report

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Merge combines the reports of a hunt split into shards (confirm
// --shard i/N) into the report one hunt over every shard's tests would
// have written: each finding once, with the strongest status any shard
// gave it; the packages, errors, blind spots and tests of every shard;
// and, if any shard was stopped, how far all of them got together.
//
// A finding several shards report is one finding when it has the same ID
// (kind, package and lock classes). A confirmed one keeps the witness of
// the test that sorts first and lists every test that confirmed it; a
// prediction that one shard confirmed under another kind (a "mixed"
// deadlock over the same locks) is dropped, as one hunt drops it, its
// evidence joined to the confirmed finding's. An unconfirmed one keeps
// the search that gives the weakest guarantee (the largest miss bound),
// as one hunt keeps that of its test whose runs give the weakest.
func Merge(reps ...*Report) (*Report, error) {
	if len(reps) == 0 {
		return nil, errors.New("report: merge: no reports")
	}
	out := &Report{Version: Version, Tool: reps[0].Tool}
	for i, r := range reps {
		if r.Tool != out.Tool {
			return nil, fmt.Errorf("report: merge: report %d is of %q, report 1 of %q", i+1, r.Tool, out.Tool)
		}
		if r.Created.After(out.Created) {
			out.Created = r.Created
		}
		out.Packages = appendNew(out.Packages, r.Packages...)
		out.Errors = appendNew(out.Errors, r.Errors...)
		out.BlindSpots = mergeBlindSpots(out.BlindSpots, r.BlindSpots)
		out.Tests = appendNewFunc(out.Tests, TestRun.Ref, r.Tests...)
	}
	out.Interrupted = joinInterruptions(reps)
	out.Findings = mergeFindings(reps)
	Sort(out.Findings)
	return out, out.CheckValid()
}

// mergeBlindSpots adds spots to have: a spot already there (same package,
// position and kind) gets the tests that entered it in either.
func mergeBlindSpots(have, spots []BlindSpot) []BlindSpot {
	for _, b := range spots {
		i := slices.IndexFunc(have, func(h BlindSpot) bool { return h.Package == b.Package && h.Pos == b.Pos && h.What == b.What })
		if i < 0 {
			b.Tests = slices.Clone(b.Tests)
			have = append(have, b)
			continue
		}
		have[i].Tests = appendNew(have[i].Tests, b.Tests...)
		slices.Sort(have[i].Tests)
	}
	return have
}

// JoinByID keeps one finding per ID, in the order the IDs first appear:
// the first of its ID, joined with each later one by join.
func JoinByID(fs []Finding, join func(have, f Finding) Finding) []Finding {
	var out []Finding
	at := map[string]int{}
	for _, f := range fs {
		i, seen := at[f.ID]
		if !seen {
			at[f.ID] = len(out)
			out = append(out, f)
			continue
		}
		out[i] = join(out[i], f)
	}
	return out
}

// mergeFindings joins the reports' findings by ID, then drops the
// predictions a confirmed finding of another ID covers.
func mergeFindings(reps []*Report) []Finding {
	var all []Finding
	for _, r := range reps {
		for _, f := range r.Findings {
			all = append(all, clone(f))
		}
	}
	fs := JoinByID(all, joinFinding)
	var confirmed []int
	for i := range fs {
		if fs[i].Status == Confirmed {
			confirmed = append(confirmed, i)
		}
	}
	drop := make([]bool, len(fs))
	for i := range fs {
		for _, c := range confirmed {
			if fs[i].Status != Confirmed && SameLocks(&fs[c], &fs[i]) {
				fs[c].Evidence = UnionEvidence(fs[c].Evidence, fs[i].Evidence)
				drop[i] = true
			}
		}
	}
	kept := fs[:0]
	for i, f := range fs {
		if !drop[i] {
			kept = append(kept, f)
		}
	}
	fs = kept
	return fs
}

// clone copies the parts of f that joinFinding changes.
func clone(f Finding) Finding {
	f.Tests = slices.Clone(f.Tests)
	f.Evidence = slices.Clone(f.Evidence)
	if f.Search != nil {
		s := *f.Search
		f.Search = &s
	}
	return f
}

// joinFinding is one finding from two shards' findings of the same ID.
func joinFinding(a, b Finding) Finding {
	ev := UnionEvidence(a.Evidence, b.Evidence)
	ignored := cmp.Or(a.Ignored, b.Ignored)
	support := a.Support + b.Support
	switch {
	case a.Status == Confirmed && b.Status == Confirmed:
		tests := appendNew(testsOf(a), testsOf(b)...)
		if b.Test < a.Test {
			a = clone(b)
		}
		slices.Sort(tests)
		tests = slices.DeleteFunc(tests, func(t string) bool { return t == a.Test })
		a.Tests = append([]string{a.Test}, tests...)
	case stronger(b, a):
		a = clone(b)
	}
	if a.Status != Confirmed && a.Status == b.Status {
		a.Search = weakerSearch(a.Search, b.Search)
	}
	a.Evidence, a.Ignored, a.Support = ev, ignored, support
	return a
}

// testsOf are the tests that confirmed f.
func testsOf(f Finding) []string {
	if len(f.Tests) > 0 {
		return f.Tests
	}
	return []string{f.Test}
}

// stronger reports whether b says more about the bug than a: confirmed
// over any other status, a search that ran over one that did not, a
// dynamic prediction over a static one.
func stronger(b, a Finding) bool {
	rank := func(f Finding) int {
		switch {
		case f.Status == Confirmed:
			return 0
		case f.Status == Unconfirmed && f.Search != nil && f.Search.Runs > 0:
			return 1
		case f.Status == Unconfirmed:
			return 2
		case f.Status == PredictedDynamic:
			return 3
		}
		return 4
	}
	return rank(b) < rank(a)
}

// weakerSearch is the search with the larger miss bound among those that
// made runs, or a if neither did.
func weakerSearch(a, b *Search) *Search {
	switch {
	case b == nil || b.Runs == 0:
		return a
	case a == nil || a.Runs == 0 || b.MissBound > a.MissBound:
		s := *b
		return &s
	}
	return a
}

// SameLocks reports whether two findings of one package name the same
// set of lock classes.
func SameLocks(a, b *Finding) bool {
	if a.Package != b.Package {
		return false
	}
	ca, cb := a.Classes(), b.Classes()
	slices.Sort(ca)
	slices.Sort(cb)
	return slices.Equal(slices.Compact(ca), slices.Compact(cb))
}

// joinInterruptions says how far the shards got together: nil if none
// was stopped. A shard that ran to its end counts all its tests done.
func joinInterruptions(reps []*Report) *Interruption {
	if !slices.ContainsFunc(reps, func(r *Report) bool { return r.Interrupted != nil }) {
		return nil
	}
	in := &Interruption{}
	for _, r := range reps {
		ri := r.Interrupted
		if ri == nil {
			ri = &Interruption{Done: len(r.Tests), Total: len(r.Tests)}
		}
		in.Cause = cmp.Or(in.Cause, ri.Cause)
		in.Done += ri.Done
		in.Total += ri.Total
		in.CutShort = append(in.CutShort, ri.CutShort...)
		in.NotHunted = append(in.NotHunted, ri.NotHunted...)
	}
	return in
}

// appendNew appends the elements of xs not yet in s.
func appendNew[T comparable](s []T, xs ...T) []T {
	for _, x := range xs {
		if !slices.Contains(s, x) {
			s = append(s, x)
		}
	}
	return s
}

// appendNewFunc appends the elements of xs whose key is not yet in s.
func appendNewFunc[T any, K comparable](s []T, key func(T) K, xs ...T) []T {
	for _, x := range xs {
		if !slices.ContainsFunc(s, func(y T) bool { return key(y) == key(x) }) {
			s = append(s, x)
		}
	}
	return s
}
