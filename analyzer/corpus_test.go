package analyzer_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
)

// TestCorpus runs lockcycle over every corpus case: each deadlock of a
// lock-only kind must be reported with its kind and lock classes (except
// those in runtimeInstances), and no clean case marked static may be
// reported.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the whole corpus from source")
	}
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	root := corpus.MustRoot()
	rep, err := analyzer.Findings(context.Background(), root, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Write(new(strings.Builder)); err != nil {
		t.Fatalf("report does not validate: %v", err)
	}
	for _, e := range rep.Errors {
		t.Errorf("package error: %v", e)
	}
	for _, c := range cases {
		got := findingsIn(rep, c.Pkg)
		switch {
		case c.Expect == corpus.MustConfirm && c.Kind.LockOnly() && !runtimeInstances[c.Name] && !valueLocks[c.Name]:
			if !reported(got, c) {
				t.Errorf("%s: no %s finding with locks %v; got %s", c.Name, c.Kind, c.Locks, describe(got))
			}
		case c.Expect == corpus.MustSilent && c.Static:
			if len(got) > 0 {
				t.Errorf("%s: must stay silent, got %s", c.Name, describe(got))
			}
		default:
			t.Logf("%s (%s, %s, static %v): %s", c.Name, c.Expect, c.Kind, c.Static, describe(got))
		}
	}
}

// runtimeInstances are lock-only deadlock cases (static false) whose two
// instances of one class are picked at run time, by a random draw or a
// map's iteration order, and nested without comparing them. lockcycle
// relates two instances of one class only through interchangeable
// parameters or a linking field, so it does not see these; the test logs
// what it reports for them.
var runtimeInstances = map[string]bool{
	"deadlock/stealwork": true, // victim drawn with rand.IntN
	"deadlock/rebalance": true, // source and destination from rand.Shuffle
}

// valueLocks are lock-only deadlock cases (static false) whose locks are
// taken only through method values passed as functions (withLock(mu.Lock,
// mu.Unlock, f)): lockcycle follows calls of the lock methods, not bound
// method values called through a parameter, so it does not see them; the
// runtime does (the instrumenter rewrites the method values).
var valueLocks = map[string]bool{
	"deadlock/lockfuncs": true,
}

func findingsIn(rep *report.Report, pkg string) []report.Finding {
	var out []report.Finding
	for _, f := range rep.Findings {
		if f.Package == pkg || strings.HasPrefix(f.Package, pkg+"/") {
			out = append(out, f)
		}
	}
	return out
}

func reported(fs []report.Finding, c corpus.Case) bool {
	for _, f := range fs {
		// A missing unlock is a double lock at run time, on the next
		// acquisition by the goroutine that still holds the lock.
		missing := c.Kind == report.DoubleLock && f.Kind == report.MissingUnlock
		if f.Kind != c.Kind && !missing {
			continue
		}
		classes := f.Classes()
		all := true
		for _, l := range c.Locks {
			all = all && slices.Contains(classes, l)
		}
		if all {
			return true
		}
	}
	return false
}

func describe(fs []report.Finding) string {
	if len(fs) == 0 {
		return "nothing"
	}
	var s []string
	for _, f := range fs {
		s = append(s, string(f.Kind)+": "+f.Message)
	}
	return strings.Join(s, "; ")
}
