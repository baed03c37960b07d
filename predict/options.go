package predict

import "cmp"

// Options bound the search for predictions.
type Options struct {
	// MaxCycle is the longest lock-order cycle reported (default 4). Larger
	// strongly connected components with no cycle that short are listed in
	// Result.SCCs, not as predictions.
	MaxCycle int
	// MaxCycles bounds the elementary cycles enumerated per strongly
	// connected component (default 10000).
	MaxCycles int
	// MaxChecks bounds the edge combinations tried per cycle when looking
	// for one that passes the filters (default 100000).
	MaxChecks int
	// MaxEvidence bounds the evidence lines kept per prediction (default 16).
	MaxEvidence int
}

func (o Options) withDefaults() Options {
	o.MaxCycle = cmp.Or(max(o.MaxCycle, 0), 4)
	o.MaxCycles = cmp.Or(max(o.MaxCycles, 0), 10000)
	o.MaxChecks = cmp.Or(max(o.MaxChecks, 0), 100000)
	o.MaxEvidence = cmp.Or(max(o.MaxEvidence, 0), 16)
	return o
}
