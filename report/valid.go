package report

import (
	"errors"
	"fmt"
)

// CheckValid reports the first inconsistency in the report, if any.
func (r *Report) CheckValid() error {
	if r.Version != Version {
		return fmt.Errorf("report: version %d, want %d", r.Version, Version)
	}
	seen := make(map[string]bool)
	for i := range r.Findings {
		f := &r.Findings[i]
		if err := f.CheckValid(); err != nil {
			return fmt.Errorf("report: finding %d (%s): %w", i, f.ID, err)
		}
		if seen[f.ID+"\x00"+f.Test] {
			return fmt.Errorf("report: finding %d: duplicate id %s", i, f.ID)
		}
		seen[f.ID+"\x00"+f.Test] = true
	}
	for i := range r.Tests {
		if err := r.Tests[i].CheckValid(); err != nil {
			return fmt.Errorf("report: test %d (%s): %w", i, r.Tests[i].Ref(), err)
		}
	}
	return nil
}

// CheckValid reports the first inconsistency in a test's stop, if any.
func (t *TestRun) CheckValid() error {
	switch {
	case t.MissBound < 0 || t.MissBound > 1:
		return fmt.Errorf("miss bound %v outside [0,1]", t.MissBound)
	case t.Unseen < 0 || t.Unseen > 1:
		return fmt.Errorf("unseen estimate %v outside [0,1]", t.Unseen)
	case t.UnseenRuns < 0 || t.Unseen > 0 && t.UnseenRuns == 0:
		return fmt.Errorf("unseen estimate %v over %d runs", t.Unseen, t.UnseenRuns)
	case t.UnseenKinds < 0 || t.UnseenKinds > 0 && t.UnseenRuns == 0:
		return fmt.Errorf("unseen estimate over %d kinds in %d runs", t.UnseenKinds, t.UnseenRuns)
	case t.UnseenBefore < 0 || t.UnseenBefore > t.UnseenRuns:
		return fmt.Errorf("unseen estimate over %d runs, %d of them before the seeds", t.UnseenRuns, t.UnseenBefore)
	}
	return nil
}

// CheckValid reports the first inconsistency in the finding, if any.
func (f *Finding) CheckValid() error {
	if f.ID == "" {
		return errors.New("no id")
	}
	if err := checkEnum("kind", f.Kind, f.Kind.Valid()); err != nil {
		return err
	}
	if err := checkEnum("status", f.Status, f.Status.Valid()); err != nil {
		return err
	}
	if f.Package == "" {
		return errors.New("no package")
	}
	if f.Kind != Blocked && f.Kind != Hang && len(f.Locks) == 0 {
		return fmt.Errorf("%s finding names no lock", f.Kind)
	}
	for _, l := range f.Locks {
		if l.Class == "" {
			return errors.New("lock with no class")
		}
	}
	if f.Kind == LockOrderCycle && len(f.Locks) < 2 {
		return fmt.Errorf("lock-order cycle of %d lock(s)", len(f.Locks))
	}
	switch {
	case f.Status == Confirmed && f.Witness == nil:
		return errors.New("confirmed finding without a witness")
	case f.Status != Confirmed && f.Status != Observed && f.Witness != nil:
		return fmt.Errorf("%s finding with a witness", f.Status)
	}
	if w := f.Witness; w != nil {
		if err := checkEnum("witness strategy", w.Strategy, w.Strategy.Valid()); err != nil {
			return err
		}
		if w.Hits < 1 || w.Hits > w.Runs {
			return fmt.Errorf("witness has %d hits in %d runs", w.Hits, w.Runs)
		}
	}
	if s := f.Search; s != nil && (s.MissBound < 0 || s.MissBound > 1) {
		return fmt.Errorf("miss bound %v outside [0,1]", s.MissBound)
	}
	for _, e := range f.Evidence {
		if err := checkEnum("evidence", e, e.Valid()); err != nil {
			return err
		}
	}
	return nil
}
