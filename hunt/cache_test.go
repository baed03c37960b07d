package hunt

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
)

// cachedConfig is fakeConfig with a hunt cache of its own and a
// fingerprint for the fake binary.
func cachedConfig(t *testing.T, tests ...string) (Config, *observed) {
	cfg, b, o := fakeConfig(t, tests...)
	b.Fingerprint = "0123456789abcdef"
	cfg.Cache = t.TempDir()
	return cfg, o
}

// ids are the report's findings as "ID status".
func ids(rep *report.Report) []string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.ID+" "+string(f.Status))
	}
	return out
}

// A second hunt of unchanged code reuses every test's result, marked in
// the report, the text and the events, and reports the same findings;
// Fresh (-count=1) hunts again.
func TestCacheReuses(t *testing.T) {
	cfg, o := cachedConfig(t, "TestDeadlock", "TestFail")
	first := confirm(t, cfg)
	if len(first.Cached) != 0 || len(o.finished) != 2 {
		t.Fatalf("first hunt: cached %v, %d test(s) hunted; want none cached, both hunted", first.Cached, len(o.finished))
	}
	var out stream
	cfg.Events = out.emit
	cfg.Hints.Fresh = "-count=1"
	second := confirm(t, cfg)
	if len(o.finished) != 2 {
		t.Errorf("%d test(s) hunted in all, want none more the second time", len(o.finished))
	}
	if !slices.Equal(ids(second.Report), ids(first.Report)) || second.Verdict != first.Verdict || len(second.Report.Errors) != len(first.Report.Errors) {
		t.Errorf("second hunt: %v verdict %v errors %v; want the first's %v %v %v", ids(second.Report), second.Verdict,
			second.Report.Errors, ids(first.Report), first.Verdict, first.Report.Errors)
	}
	if len(second.Cached) != 2 || !second.Report.Tests[0].Cached || second.Report.Tests[0].Runs != first.Report.Tests[0].Runs {
		t.Errorf("cached %v, report tests %+v; want both cached with the first hunt's runs", second.Cached, second.Report.Tests)
	}
	var text strings.Builder
	if err := second.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "TestDeadlock: ") || !strings.Contains(text.String(), "[cached]") || !strings.Contains(text.String(), "-count=1") {
		t.Errorf("text does not mark the cached tests:\n%s", text.String())
	}
	evs := loadSchema(t).check(t, out.buf.Bytes())
	if n := len(find(evs, ActionTestEnd, "cached", true)); n != 2 {
		t.Errorf("%d cached test-end events, want 2", n)
	}
	cfg.Events, cfg.Fresh = nil, true
	if third := confirm(t, cfg); len(third.Cached) != 0 || len(o.finished) != 4 {
		t.Errorf("fresh hunt: cached %v, %d hunted in all; want none cached, both hunted again", third.Cached, len(o.finished))
	}
}

// Another binary, other tests or other options hunt again.
func TestCacheKey(t *testing.T) {
	cfg, o := cachedConfig(t, "TestDeadlock")
	confirm(t, cfg)
	hunted := func() int { return len(o.finished) }
	for name, change := range map[string]func(c *Config){
		"options": func(c *Config) { c.Runs = 11 },
		"binary": func(c *Config) {
			_, b, _ := fakeConfig(t, "TestDeadlock")
			b.Fingerprint = "fedcba9876543210"
			c.Build = b.Build
		},
		"args": func(c *Config) { c.Args = []string{"-x"} },
	} {
		c := cfg
		change(&c)
		before := hunted()
		if res := confirm(t, c); len(res.Cached) != 0 || hunted() != before+1 {
			t.Errorf("%s changed: cached %v; want the test hunted again", name, res.Cached)
		}
	}
}

// A corrupt entry is a miss.
func TestCacheCorrupt(t *testing.T) {
	cfg, o := cachedConfig(t, "TestDeadlock")
	confirm(t, cfg)
	entries, _ := filepath.Glob(filepath.Join(cfg.Cache, "*", "*.json"))
	if len(entries) != 1 {
		t.Fatalf("entries %v, want one", entries)
	}
	if err := os.WriteFile(entries[0], []byte("{garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := confirm(t, cfg); len(res.Cached) != 0 || len(o.finished) != 2 {
		t.Errorf("corrupt entry: cached %v; want the test hunted again", res.Cached)
	}
	if res := confirm(t, cfg); len(res.Cached) != 1 {
		t.Errorf("after the rewrite: cached %v, want the test", res.Cached)
	}
}

// Hunts running at once in different modules share the cache: each
// writes the same entry atomically, and a later hunt reads it.
func TestCacheConcurrent(t *testing.T) {
	cfg, _ := cachedConfig(t, "TestDeadlock", "TestPass")
	var wg sync.WaitGroup
	for range 3 {
		c := cfg
		c.Dir = hunttest.Module(t)
		wg.Go(func() {
			if _, err := Confirm(t.Context(), c, []string{"./..."}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if res := confirm(t, cfg); len(res.Cached) != 2 {
		t.Errorf("cached %v, want both tests", res.Cached)
	}
	left, _ := filepath.Glob(filepath.Join(cfg.Cache, "*", ".entry-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left in the cache: %v", left)
	}
}

// With the real instrumenter: a change to a package hunts again the tests
// of the packages that import it, and only those; the others are reused.
func TestCacheRehuntsDependents(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: three real hunts")
	}
	dir := hunttest.Module(t)
	base := "package base\n\nimport \"sync\"\n\n// Counter counts under a lock.\ntype Counter struct {\n\tmu sync.Mutex\n\tn  int\n}\n\nfunc (c *Counter) Add() {\n\tc.mu.Lock()\n\tc.n++\n\tc.mu.Unlock()\n}\n"
	hunttest.WriteFiles(t, dir, map[string]string{
		"base/base.go":      base,
		"user/user.go":      "package user\n\nimport \"example.com/base\"\n\nfunc Twice(c *base.Counter) { c.Add(); c.Add() }\n",
		"user/user_test.go": "package user\n\nimport (\n\t\"testing\"\n\n\t\"example.com/base\"\n)\n\nfunc TestTwice(t *testing.T) { Twice(&base.Counter{}) }\n",
		"solo/solo_test.go": "package solo\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\nfunc TestSolo(t *testing.T) {\n\tvar mu sync.Mutex\n\tmu.Lock()\n\tmu.Unlock()\n}\n",
	})
	cfg := realConfig(dir)
	cfg.Cache = t.TempDir()
	o := &observed{}
	cfg.Observer = o
	hunt := func() *Result {
		o.stages = nil
		res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := hunt(); len(res.Cached) != 0 || len(res.Summary.Tests) != 2 {
		t.Fatalf("first hunt: %d test(s), cached %v; want 2, none cached", len(res.Summary.Tests), res.Cached)
	}
	if res := hunt(); len(res.Cached) != 2 || !o.staged("2 package(s) unchanged since an earlier build: not built") {
		t.Errorf("unchanged: cached %v, stages %q; want both tests cached, neither package built", res.Cached, o.stages)
	}
	hunttest.WriteFiles(t, dir, map[string]string{"base/base.go": "// Package base moved down a line.\n" + base})
	res := hunt()
	want := []report.TestRef{{Package: "example.com/solo", Test: "TestSolo"}}
	if !slices.Equal(res.Cached, want) || len(res.Summary.Tests) != 2 || !o.staged("1 package(s) unchanged since an earlier build") {
		t.Errorf("base changed: cached %v of %d test(s); want only solo's, user's hunted again", res.Cached, len(res.Summary.Tests))
	}
}

// With the real instrumenter: a hunt with -run after one without builds
// nothing (the source key does not hold -run) and hunts the tests -run
// selects; a hunt without -run after one with builds again (the index
// listed only the tests that -run selected).
func TestCacheRunReusesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: real hunts")
	}
	dir := hunttest.Module(t)
	hunttest.WriteFiles(t, dir, map[string]string{
		"p/p_test.go": "package p\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) {\n\tvar mu sync.Mutex\n\tmu.Lock()\n\tmu.Unlock()\n}\n\nfunc TestB(t *testing.T) {}\n",
	})
	o := &observed{}
	hunt := func(cache, run string) *Result {
		t.Helper()
		cfg := realConfig(dir)
		cfg.Cache, cfg.Run, cfg.Observer = cache, run, o
		o.stages = nil
		res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	tests := func(res *Result) []string {
		var names []string
		for _, st := range res.Summary.Tests {
			names = append(names, st.Test)
		}
		return names
	}
	cache := t.TempDir()
	hunt(cache, "")
	for _, c := range []struct{ run, want string }{{"TestA", "TestA"}, {"^TestB$", "TestB"}} {
		res := hunt(cache, c.run)
		if !slices.Equal(tests(res), []string{c.want}) || !o.staged("1 package(s) unchanged since an earlier build") {
			t.Errorf("-run %s after a whole hunt: tests %v, stages %q; want %s alone, nothing built", c.run, tests(res), o.stages, c.want)
		}
	}
	cache = t.TempDir()
	hunt(cache, "TestA")
	if res := hunt(cache, ""); !slices.Equal(tests(res), []string{"TestA", "TestB"}) || o.staged("unchanged since an earlier build") {
		t.Errorf("a whole hunt after -run TestA: tests %v, stages %q; want both, built", tests(res), o.stages)
	}
}
