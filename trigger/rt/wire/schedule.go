package wire

import "fmt"

// Compact schedules. A long schedule is written run-length encoded: its
// sites and operation names once each, then runs, each a block of steps
// repeated Count times (a loop's steps are one block repeated), so that a
// 200,000-step schedule whose steps are a warm-up loop takes a few
// hundred bytes. Results, witnesses and replay files may hold either
// form; readers accept both.

// CompactMin is the length from which a schedule is written compactly;
// shorter ones stay a plain list.
const CompactMin = 1000

// maxPeriod is the longest block the encoder looks for.
const maxPeriod = 16

// CompactSchedule is a run-length encoded schedule.
type CompactSchedule struct {
	Sites []string `json:"sites"`
	Ops   []string `json:"ops"`
	// Runs are [count, g, site, op, change, g, site, op, change, ...]:
	// the block of steps after count, repeated count times; site and op
	// index Sites and Ops, change is 0 or 1; g below 0 is a timer's
	// firing by its owner (Step.Owner), minus it.
	Runs [][]int `json:"runs"`
	// Steps is the decoded length, a check.
	Steps int `json:"steps"`
}

// Compact encodes a schedule.
func Compact(steps []Step) *CompactSchedule {
	return CompactSteps(len(steps), func(i, j int) bool { return steps[i] == steps[j] }, func(i int) Step { return steps[i] })
}

// CompactSteps encodes n steps without needing them as a list: same(i, j)
// says whether steps i and j are equal, step(i) is step i.
func CompactSteps(n int, same func(i, j int) bool, step func(i int) Step) *CompactSchedule {
	c := &CompactSchedule{Sites: []string{}, Ops: []string{}, Runs: [][]int{}, Steps: n}
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
		g := s.Goroutine
		if g == 0 && s.Owner > 0 {
			g = -s.Owner // a timer's firing: minus its owner
		}
		return []int{g, index(sites, &c.Sites, s.Site), index(ops, &c.Ops, s.Op), ch}
	}
	var lit []int
	flush := func() {
		if len(lit) > 0 {
			c.Runs = append(c.Runs, append([]int{1}, lit...))
			lit = nil
		}
	}
	for i := 0; i < n; {
		p, r := bestRepeat(n-i, func(a, b int) bool { return same(i+a, i+b) })
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

// bestRepeat finds the block length p (at most maxPeriod) and the number
// of its consecutive repetitions r from the start of n steps that cover
// the most steps; eq compares steps by offset.
func bestRepeat(n int, eq func(a, b int) bool) (p, r int) {
	p, r = 1, 1
	for q := 1; q <= maxPeriod && 2*q <= n; q++ {
		reps := 1
	next:
		for (reps+1)*q <= n {
			for k := 0; k < q; k++ {
				if !eq(k, reps*q+k) {
					break next
				}
			}
			reps++
		}
		if reps >= 2 && reps*q > p*r {
			p, r = q, reps
		}
	}
	return p, r
}

// Expand decodes a compact schedule. Its errors start "compact schedule";
// callers prefix their package.
func (c *CompactSchedule) Expand() ([]Step, error) {
	steps := make([]Step, 0, min(max(c.Steps, 0), 1<<16))
	for i, run := range c.Runs {
		if len(run) < 5 || (len(run)-1)%4 != 0 || run[0] < 1 {
			return nil, fmt.Errorf("compact schedule: run %d malformed", i)
		}
		block := make([]Step, 0, (len(run)-1)/4)
		for j := 1; j < len(run); j += 4 {
			g, site, op, ch := run[j], run[j+1], run[j+2], run[j+3]
			if site < 0 || site >= len(c.Sites) || op < 0 || op >= len(c.Ops) {
				return nil, fmt.Errorf("compact schedule: run %d names a site or op out of range", i)
			}
			block = append(block, Step{Goroutine: max(g, 0), Owner: max(-g, 0), Site: c.Sites[site], Op: c.Ops[op], Change: ch == 1})
		}
		if len(steps)+run[0]*len(block) > c.Steps {
			return nil, fmt.Errorf("compact schedule longer than its %d steps", c.Steps)
		}
		for k := 0; k < run[0]; k++ { // the runtime builds at go1.21: no range over an int
			steps = append(steps, block...)
		}
	}
	if len(steps) != c.Steps {
		return nil, fmt.Errorf("compact schedule has %d steps, says %d", len(steps), c.Steps)
	}
	return steps, nil
}
