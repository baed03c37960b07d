package hunt

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) {
		t.Errorf("2/4: %v %v", s, err)
	}
	for _, bad := range []string{"0/4", "5/4", "1/0", "2", "a/b", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// units are three packages' tests.
func units() []driver.Package {
	var pkgs []driver.Package
	for _, p := range []string{"c", "a", "b"} {
		pkg := driver.Package{ImportPath: "example.com/" + p}
		for i := range 5 {
			pkg.Tests = append(pkg.Tests, fmt.Sprintf("Test%d", i))
		}
		pkgs = append(pkgs, pkg)
	}
	return pkgs
}

// refs lists the packages' tests.
func refs(pkgs []driver.Package) []report.TestRef {
	var rs []report.TestRef
	for _, p := range pkgs {
		for _, t := range p.Tests {
			rs = append(rs, report.TestRef{Package: p.ImportPath, Test: t})
		}
	}
	return rs
}

// measuredCosts gives every test of units a cost: one long test, four
// middling ones, the rest short.
func measuredCosts() map[report.TestRef]int64 {
	costs := map[report.TestRef]int64{}
	for _, r := range refs(units()) {
		costs[r] = 10
	}
	costs[report.TestRef{Package: "example.com/a", Test: "Test0"}] = 1000
	for i := range 4 {
		costs[report.TestRef{Package: "example.com/b", Test: fmt.Sprintf("Test%d", i)}] = 300
	}
	return costs
}

// loads are the shards' total costs when shared by by.
func loads(t *testing.T, by, costs map[report.TestRef]int64) []int64 {
	seen := map[report.TestRef]int{}
	load := make([]int64, 4)
	for i := 1; i <= 4; i++ {
		mine, elsewhere := share(units(), Shard{i, 4}, by)
		again, _ := share(units(), Shard{i, 4}, by)
		if !slices.Equal(refs(mine), refs(again)) {
			t.Errorf("shard %d/4 differs between calls", i)
		}
		if len(refs(mine))+elsewhere != 15 {
			t.Errorf("shard %d/4: %d here + %d elsewhere, want 15", i, len(refs(mine)), elsewhere)
		}
		for _, r := range refs(mine) {
			seen[r]++
			load[i-1] += costs[r]
		}
	}
	if len(seen) != 15 || slices.ContainsFunc(slices.Collect(maps.Values(seen)), func(n int) bool { return n != 1 }) {
		t.Errorf("tests seen %v, want each of 15 once", seen)
	}
	return load
}

// The shares cover every test exactly once, the same on every call: in
// counts within one of each other without costs; balanced by measured
// costs, the long test alone and a smaller spread than by counts.
func TestShare(t *testing.T) {
	one := map[report.TestRef]int64{}
	for _, r := range refs(units()) {
		one[r] = 1
	}
	if l := loads(t, nil, one); slices.Max(l)-slices.Min(l) > 1 {
		t.Errorf("no costs: %v tests a shard, want counts within one", l)
	}
	costs := measuredCosts()
	byCount, byCost := loads(t, nil, costs), loads(t, costs, costs)
	spread := func(l []int64) int64 { return slices.Max(l) - slices.Min(l) }
	if byCost[0] != 1000 || spread(byCost) >= spread(byCount) {
		t.Errorf("balanced loads %v (by count %v); want 1000 alone in shard 1 and a smaller spread", byCost, byCount)
	}
	if mine, elsewhere := share(units(), Shard{}, nil); len(refs(mine)) != 15 || elsewhere != 0 {
		t.Error("the zero shard is not all the work")
	}
}

// shardCases are corpus cases whose deadlocks the hunt confirms within
// the test's budget every time, look-alikes it must leave alone, and a
// package with several tests, so that shards split packages.
var shardCases = []string{"deadlock/abba", "deadlock/cycle3", "deadlock/doublelock", "deadlock/subtest", "deadlock/globals",
	"clean/guard", "clean/ordered", "clean/wgsep"}

// findingStatuses are the report's findings as "ID status", sorted.
func findingStatuses(rep *report.Report) []string {
	out := ids(rep)
	slices.Sort(out)
	return out
}

// Two shards, merged, report what one hunt does: the same findings with
// the same statuses, and the same exit status. (.ci/shards does
// the same over the whole corpus.)
func TestShardsMergeAsOne(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: three hunts of corpus packages")
	}
	dir := hunttest.CorpusModule(t, shardCases...)
	cfg := Config{Dir: dir, Runs: 30, Timeout: 5 * time.Second, Static: analyzer.Findings}
	built := map[Shard]int{} // packages whose tests each hunt built
	hunt := func(s Shard, out string) *Result {
		c := cfg
		c.Shard, c.Out = s, out
		o := &observed{}
		c.Observer = o
		defer func() {
			for _, line := range o.stages {
				var n int
				if _, err := fmt.Sscanf(line, "built the tests of %d package(s)", &n); err == nil {
					built[s] = n
				}
			}
		}()
		res, err := bounded(t, func(ctx context.Context) (*Result, error) { return Confirm(ctx, c, []string{"./..."}) })
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	one := hunt(Shard{}, "one.json")
	const shards = 2
	var names []string
	tests := 0
	for i := 1; i <= shards; i++ {
		res := hunt(Shard{i, shards}, fmt.Sprintf("shard%d.json", i))
		names = append(names, filepath.Join(dir, fmt.Sprintf("shard%d.json", i)))
		tests += len(res.Summary.Tests)
		if res.Elsewhere+len(res.Summary.Tests) != len(one.Summary.Tests) {
			t.Errorf("shard %d/%d: %d here, %d elsewhere; want %d in all", i, shards, len(res.Summary.Tests), res.Elsewhere, len(one.Summary.Tests))
		}
	}
	for i := 1; i <= shards; i++ {
		if n := built[Shard{i, shards}]; n == 0 || n >= built[Shard{}] {
			t.Errorf("shard %d/%d built the tests of %d package(s), one hunt %d; want fewer, but some", i, shards, n, built[Shard{}])
		}
	}
	merged, v, err := Merge(dir, "all.json", names...)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := findingStatuses(merged), findingStatuses(one.Report); !slices.Equal(got, want) {
		t.Errorf("merged findings\n%v\nwant one hunt's\n%v", got, want)
	}
	if v != one.Verdict || v.Exit() != exitDeadlockStatus {
		t.Errorf("merged verdict %v, one hunt's %v; want both deadlock", v, one.Verdict)
	}
	if tests != len(one.Summary.Tests) || len(merged.Tests) != tests || len(merged.Errors) != len(one.Report.Errors) {
		t.Errorf("shards hunted %d test(s), merged report lists %d, errors %v; want %d and %v", tests, len(merged.Tests), merged.Errors,
			len(one.Summary.Tests), one.Report.Errors)
	}
}

// exitDeadlockStatus is confirm's exit status for a confirmed deadlock.
const exitDeadlockStatus = 3
