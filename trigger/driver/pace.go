package driver

import "time"

// pace is what Progress says of the whole hunt: its runs, the tests
// skipped as having no interleaving, and from these the rate and the time
// left. Guarded by hunter.mu.
type pace struct {
	start          time.Time
	total          int // tests selected
	runs           int
	noInterleaving int
}

// fill completes p with the hunt-wide figures; tests is p.Tests, the
// tests finished so far.
func (c *pace) fill(p Progress) Progress {
	p.TotalTests, p.NoInterleaving, p.Runs = c.total, c.noInterleaving, c.runs
	elapsed := time.Since(c.start)
	// The first second's rate is the reused recorded runs': no rate yet.
	if s := elapsed.Seconds(); s >= 1 {
		p.RunsPerSecond = float64(c.runs) / s
	}
	if p.Tests > 0 && p.Tests < c.total {
		// The finished tests' pace, for the rest; the tests hunted now
		// are part of the rest.
		p.Left = time.Duration(float64(elapsed) / float64(p.Tests) * float64(c.total-p.Tests)).Round(time.Second)
	}
	return p
}
