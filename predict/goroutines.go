package predict

import "slices"

// creators returns the creation identities (see tables.creator) of the
// goroutines that can take part in c's deadlock, sorted: the goroutines
// the directed scheduler orders (thread bounding).
//
// For a cycle, a record counts when its run also shows a record of another
// step (another lock pair) by another goroutine that it is concurrent
// with: a record that happens before every other step's, such as the test
// goroutine's own pass through both locks before it starts the goroutines
// that race, cannot be part of the deadlock, and ordering its goroutine
// would waste change points on it. When no run shows such a pair (the
// cycle is seen only across runs) or the comparisons would exceed
// maxChecks, every record counts. For a double lock or RWR, the
// goroutines of its acquisitions and writers.
func (g *Graph) creators(c *Candidate, maxChecks int) []string {
	var out []string
	add := func(run, gid int) { out = append(out, g.t.creator(run, gid)) }
	for _, s := range c.selfs {
		add(s.run, s.g)
	}
	for _, w := range c.writers {
		add(w.run, w.g)
	}
	live := concurrentRecs(c.recs, maxChecks)
	for _, r := range c.recs {
		if live == nil || live[r] {
			add(int(r.run), int(r.g))
		}
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// concurrentRecs returns the records that have a partner: a record of the
// same run, another goroutine and another lock pair, not ordered with it
// by happens-before. It returns nil when none has one or after maxChecks
// comparisons.
func concurrentRecs(recs []*edgeRec, maxChecks int) map[*edgeRec]bool {
	live := map[*edgeRec]bool{}
	checks := 0
	for i, a := range recs {
		for _, b := range recs[i+1:] {
			if live[a] && live[b] || a.run != b.run || a.g == b.g || a.from == b.from && a.to == b.to {
				continue
			}
			if checks++; checks > maxChecks {
				return nil
			}
			if concurrent(a, b) {
				live[a], live[b] = true, true
			}
		}
	}
	if len(live) == 0 {
		return nil
	}
	return live
}
