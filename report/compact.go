package report

import (
	"encoding/json"
	"fmt"
)

// Compact schedules. A long schedule is written run-length encoded: its
// sites and operation names once each, then runs, each a block of steps
// repeated Count times (a loop's steps are one block repeated), so that a
// 200,000-step schedule whose steps are a warm-up loop takes a few
// hundred bytes. The runtime (trigger/rt/schedrle.go) writes the same
// encoding in its results; a report or result may hold either form, and
// readers accept both.

// CompactMin is the length from which a witness's schedule is written
// compactly; shorter ones stay a plain list, as in version 2 reports.
const CompactMin = 1000

// maxPeriod is the longest block the encoder looks for.
const maxPeriod = 16

// CompactSchedule is a run-length encoded schedule.
type CompactSchedule struct {
	Sites []string `json:"sites"`
	Ops   []string `json:"ops"`
	// Runs are [count, g, site, op, change, g, site, op, change, ...]:
	// the block of steps after count, repeated count times; site and op
	// index Sites and Ops, change is 0 or 1.
	Runs [][]int `json:"runs"`
	// Steps is the decoded length, a check.
	Steps int `json:"steps"`
}

// Compact encodes a schedule.
func Compact(steps []Step) *CompactSchedule {
	c := &CompactSchedule{Sites: []string{}, Ops: []string{}, Runs: [][]int{}, Steps: len(steps)}
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
	enc := func(s Step) []int {
		ch := 0
		if s.Change {
			ch = 1
		}
		return []int{s.Goroutine, index(sites, &c.Sites, s.Site), index(ops, &c.Ops, s.Op), ch}
	}
	var lit []int
	flush := func() {
		if len(lit) > 0 {
			c.Runs = append(c.Runs, append([]int{1}, lit...))
			lit = nil
		}
	}
	for i := 0; i < len(steps); {
		p, r := bestRepeat(len(steps)-i, func(a, b int) bool { return steps[i+a] == steps[i+b] })
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

// Expand decodes a compact schedule.
func (c *CompactSchedule) Expand() ([]Step, error) {
	steps := make([]Step, 0, min(max(c.Steps, 0), 1<<16))
	for i, run := range c.Runs {
		if len(run) < 5 || (len(run)-1)%4 != 0 || run[0] < 1 {
			return nil, fmt.Errorf("report: compact schedule: run %d malformed", i)
		}
		block := make([]Step, 0, (len(run)-1)/4)
		for j := 1; j < len(run); j += 4 {
			g, site, op, ch := run[j], run[j+1], run[j+2], run[j+3]
			if site < 0 || site >= len(c.Sites) || op < 0 || op >= len(c.Ops) {
				return nil, fmt.Errorf("report: compact schedule: run %d names a site or op out of range", i)
			}
			block = append(block, Step{Goroutine: g, Site: c.Sites[site], Op: c.Ops[op], Change: ch == 1})
		}
		if len(steps)+run[0]*len(block) > c.Steps {
			return nil, fmt.Errorf("report: compact schedule longer than its %d steps", c.Steps)
		}
		for range run[0] {
			steps = append(steps, block...)
		}
	}
	if len(steps) != c.Steps {
		return nil, fmt.Errorf("report: compact schedule has %d steps, says %d", len(steps), c.Steps)
	}
	return steps, nil
}

// witnessJSON is Witness without its methods, for its JSON forms.
type witnessJSON Witness

type witnessOut struct {
	witnessJSON
	ScheduleRLE *CompactSchedule `json:"schedule_rle,omitempty"`
}

// MarshalJSON writes a long schedule compactly (schedule_rle).
func (w Witness) MarshalJSON() ([]byte, error) {
	out := witnessOut{witnessJSON: witnessJSON(w)}
	if len(w.Schedule) >= CompactMin {
		out.ScheduleRLE = Compact(w.Schedule)
		out.Schedule = nil
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads either form of the schedule.
func (w *Witness) UnmarshalJSON(data []byte) error {
	var in witnessOut
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	*w = Witness(in.witnessJSON)
	if in.ScheduleRLE != nil {
		steps, err := in.ScheduleRLE.Expand()
		if err != nil {
			return err
		}
		w.Schedule = steps
	}
	return nil
}
