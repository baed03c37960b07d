package rt

import "github.com/deadhunt/deadhunt/trigger/rt/wire"

// A long schedule is written run-length encoded (schedule_rle), in wire's
// encoding (wire.CompactSchedule).

// compact encodes the first n steps of a step log without making the
// list (a long hang's), comparing the log's records.
func (l *stepLog) compact(n int) *wire.CompactSchedule {
	names := make([]string, len(l.sites))
	for i, s := range l.sites {
		names[i] = s.String()
	}
	return wire.CompactSteps(n, func(i, j int) bool { return l.at(i) == l.at(j) }, func(i int) wire.Step {
		return l.at(i).wire(names)
	})
}
