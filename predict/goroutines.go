package predict

import "slices"

// creators returns the creation identities (see tables.creator) of the
// goroutines that can take part in c's deadlock, sorted: the goroutines
// the directed scheduler orders (thread bounding).
//
// For a cycle, a record is left out when its run shows a record of
// another step (another lock pair) by another goroutine and it is
// concurrent with none of them: it happens before or after every other
// step's record, as the test goroutine's own pass through both locks
// before it starts the goroutines that race, so it cannot be part of the
// deadlock, and ordering its goroutine would waste change points on it. A
// record with no such record in its run (a step seen in another run than
// the others) counts. When no run shows a concurrent pair, or the
// comparisons would exceed maxChecks, every record counts. For a double
// lock or RWR, the goroutines of its acquisitions and writers.
func (g *Graph) creators(c *Prediction, maxChecks int) []string {
	var out []string
	add := func(run, gid int) { out = append(out, g.t.creator(run, gid)) }
	for _, s := range c.selfs {
		add(s.run, s.g)
	}
	for _, w := range c.writers {
		add(w.run, w.g)
	}
	ordered := orderedRecs(c.recs, maxChecks)
	for _, r := range c.recs {
		if !ordered[r] {
			add(int(r.run), int(r.g))
		}
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// orderedRecs returns the records that were compared with a record of the
// same run, another goroutine and another lock pair, and were ordered by
// happens-before with every such record. It returns nil when no record has
// a concurrent partner or after maxChecks comparisons.
func orderedRecs(recs []*edgeRec, maxChecks int) map[*edgeRec]bool {
	live, compared := map[*edgeRec]bool{}, map[*edgeRec]bool{}
	checks := 0
	for i, a := range recs {
		for _, b := range recs[i+1:] {
			if a.run != b.run || a.g == b.g || a.from == b.from && a.to == b.to || live[a] && live[b] {
				continue
			}
			if checks++; checks > maxChecks {
				return nil
			}
			compared[a], compared[b] = true, true
			if concurrent(a, b) {
				live[a], live[b] = true, true
			}
		}
	}
	if len(live) == 0 {
		return nil
	}
	ordered := map[*edgeRec]bool{}
	for r := range compared {
		if !live[r] {
			ordered[r] = true
		}
	}
	return ordered
}
