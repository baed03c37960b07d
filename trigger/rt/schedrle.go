package rt

import "fmt"

// A long schedule is written run-length encoded (schedule_rle), in the
// encoding of report.CompactSchedule: sites and operation names once,
// then runs [count, g, site, op, change, ...] of a block of steps
// repeated count times. This package imports only the standard library,
// so it has its own encoder; the driver's tests check that report
// decodes what it writes.

// compactMin is the length from which results write their schedule
// compactly (report.CompactMin).
const compactMin = 1000

// rlePeriod is the longest block looked for (report's maxPeriod).
const rlePeriod = 16

type rleJSON struct {
	Sites []string `json:"sites"`
	Ops   []string `json:"ops"`
	Runs  [][]int  `json:"runs"`
	Steps int      `json:"steps"`
}

// compactSchedule encodes a schedule.
func compactSchedule(steps []stepJSON) *rleJSON {
	n := len(steps)
	c := &rleJSON{Sites: []string{}, Ops: []string{}, Runs: [][]int{}, Steps: n}
	sites, ops := map[string]int{}, map[string]int{}
	index := func(m map[string]int, list *[]string, s string) int {
		i, ok := m[s]
		if !ok {
			i = len(*list)
			m[s] = i
			*list = append(*list, s)
		}
		return i
	}
	enc := func(s stepJSON) []int {
		ch := 0
		if s.Change {
			ch = 1
		}
		return []int{s.G, index(sites, &c.Sites, s.Site), index(ops, &c.Ops, s.Op), ch}
	}
	var lit []int
	flush := func() {
		if len(lit) > 0 {
			c.Runs = append(c.Runs, append([]int{1}, lit...))
			lit = nil
		}
	}
	for i := 0; i < n; {
		p, r := 1, 1
		for q := 1; q <= rlePeriod && i+2*q <= n; q++ {
			reps := 1
		next:
			for i+(reps+1)*q <= n {
				for k := 0; k < q; k++ {
					if steps[i+k] != steps[i+reps*q+k] {
						break next
					}
				}
				reps++
			}
			if reps >= 2 && reps*q > p*r {
				p, r = q, reps
			}
		}
		if r < 2 || p*r < 4 {
			lit = append(lit, enc(steps[i])...)
			i++
			continue
		}
		flush()
		run := []int{r}
		for _, s := range steps[i : i+p] {
			run = append(run, enc(s)...)
		}
		c.Runs = append(c.Runs, run)
		i += p * r
	}
	flush()
	return c
}

// expand decodes a compact schedule.
func (c *rleJSON) expand() ([]stepJSON, error) {
	steps := make([]stepJSON, 0, min(max(c.Steps, 0), 1<<16))
	for i, run := range c.Runs {
		if len(run) < 5 || (len(run)-1)%4 != 0 || run[0] < 1 {
			return nil, fmt.Errorf("rt: compact schedule: run %d malformed", i)
		}
		var block []stepJSON
		for j := 1; j < len(run); j += 4 {
			if run[j+1] < 0 || run[j+1] >= len(c.Sites) || run[j+2] < 0 || run[j+2] >= len(c.Ops) {
				return nil, fmt.Errorf("rt: compact schedule: run %d out of range", i)
			}
			block = append(block, stepJSON{G: run[j], Site: c.Sites[run[j+1]], Op: c.Ops[run[j+2]], Change: run[j+3] == 1})
		}
		if len(steps)+run[0]*len(block) > c.Steps {
			return nil, fmt.Errorf("rt: compact schedule longer than its %d steps", c.Steps)
		}
		for k := 0; k < run[0]; k++ {
			steps = append(steps, block...)
		}
	}
	if len(steps) != c.Steps {
		return nil, fmt.Errorf("rt: compact schedule has %d steps, says %d", len(steps), c.Steps)
	}
	return steps, nil
}
