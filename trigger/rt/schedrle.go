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
	return compactSteps(len(steps), func(i, j int) bool { return steps[i] == steps[j] }, func(i int) stepJSON { return steps[i] })
}

// compactLog encodes the first n steps of a step log without making the
// list (a long hang's), comparing the log's records.
func (l *stepLog) compact(n int) *rleJSON {
	names := make([]string, len(l.sites))
	for i, s := range l.sites {
		names[i] = s.String()
	}
	return compactSteps(n, func(i, j int) bool { return l.at(i) == l.at(j) }, func(i int) stepJSON {
		s := l.at(i)
		return stepJSON{G: int(s.g), Site: names[s.site], Op: s.kind.String(), Change: s.change}
	})
}

// compactSteps encodes n steps: same(i, j) says whether steps i and j are
// equal, step(i) is step i.
func compactSteps(n int, same func(i, j int) bool, step func(i int) stepJSON) *rleJSON {
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
	enc := func(i int) []int {
		s := step(i)
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
					if !same(i+k, i+reps*q+k) {
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
			lit = append(lit, enc(i)...)
			i++
			continue
		}
		flush()
		run := []int{r}
		for k := i; k < i+p; k++ {
			run = append(run, enc(k)...)
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
