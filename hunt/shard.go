package hunt

import (
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Shard is one of Count shares of a hunt's (package, test) work, Index
// counting from 1, as confirm --shard i/N names it. The zero Shard is the
// whole work.
type Shard struct{ Index, Count int }

// ParseShard parses "i/N", 1 <= i <= N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/N with 1 <= i <= N, as 2/4", s)
	}
	return Shard{Index: i, Count: n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// whole reports whether s is all the work.
func (s Shard) whole() bool { return s.Count <= 1 }

// unit is one test to hunt and what it is expected to cost.
type unit struct {
	ref  report.TestRef
	cost int64
}

// share keeps, of the built packages' tests, those of shard s: every
// shard computes the same assignment from the same tests, so the shards
// of one hunt split its work without overlap and without a coordinator.
// Tests are dealt out longest first (by their cost in costs, from an
// earlier report; a test it lacks costs the median of those it has), each
// to the shard with the least work so far, ties by package and test name
// and then by the lowest shard: with no costs, that is round robin over
// the tests in name order. It returns the packages with their share of
// tests (packages left without any dropped) and how many tests other
// shards have.
func share(pkgs []driver.Package, s Shard, costs map[report.TestRef]int64) (mine []driver.Package, elsewhere int) {
	if s.whole() {
		return pkgs, 0
	}
	var units []unit
	for _, p := range pkgs {
		for _, t := range p.Tests {
			units = append(units, unit{ref: report.TestRef{Package: p.ImportPath, Test: t}})
		}
	}
	dflt := medianCost(costs)
	for i := range units {
		c, ok := costs[units[i].ref]
		if !ok {
			c = dflt
		}
		units[i].cost = max(c, 1)
	}
	slices.SortFunc(units, func(a, b unit) int {
		return cmp.Or(cmp.Compare(b.cost, a.cost), cmp.Compare(a.ref.Package, b.ref.Package), cmp.Compare(a.ref.Test, b.ref.Test))
	})
	load := make([]int64, s.Count)
	keep := map[report.TestRef]bool{}
	for _, u := range units {
		least := 0
		for i := range load {
			if load[i] < load[least] {
				least = i
			}
		}
		load[least] += u.cost
		if least == s.Index-1 {
			keep[u.ref] = true
		}
	}
	for _, p := range pkgs {
		q := p
		q.Tests = slices.DeleteFunc(slices.Clone(p.Tests), func(t string) bool {
			return !keep[report.TestRef{Package: p.ImportPath, Test: t}]
		})
		elsewhere += len(p.Tests) - len(q.Tests)
		if len(q.Tests) > 0 {
			mine = append(mine, q)
		}
	}
	return mine, elsewhere
}

// medianCost is the median of the costs, 1 if there are none.
func medianCost(costs map[report.TestRef]int64) int64 {
	if len(costs) == 0 {
		return 1
	}
	cs := slices.Sorted(maps.Values(costs))
	return cs[len(cs)/2]
}

// Costs are the tests' measured costs (milliseconds of their processes)
// in an earlier confirm report, for Config.Balance.
func Costs(rep *report.Report) map[report.TestRef]int64 {
	costs := make(map[report.TestRef]int64, len(rep.Tests))
	for _, t := range rep.Tests {
		costs[t.Ref()] = t.ElapsedMS
	}
	return costs
}

// shardReport is where a shard's hunt saves its report besides
// Config.Out: .deadhunt/shards/i-of-N.json. A shard's report is a part,
// so it replaces neither .deadhunt/last.json nor the history; deadhunt
// merge joins the parts.
func (p *pipeline) shardReport() string {
	return filepath.Join(stateDir(p.root), "shards", p.cfg.Shard.fileName()+".json")
}

func (s Shard) fileName() string { return fmt.Sprintf("%d-of-%d", s.Index, s.Count) }
