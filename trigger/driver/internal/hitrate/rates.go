package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// rate is one case under one strategy.
type rate struct {
	runs      int  // seeded runs
	deadlocks int  // seeded runs that deadlocked (any way)
	confirmed int  // findings confirmed (replayed)
	expected  bool // a confirmed finding has the case's lock classes
	bad       map[driver.Outcome]int
	note      string
	others    []string // confirmed findings without the case's lock classes
	aimed     *aimed   // directed only
}

func (r rate) String() string {
	if r.runs == 0 {
		return "– " + r.note
	}
	s := fmt.Sprintf("%d/%d (%.1f%%)", r.deadlocks, r.runs, 100*float64(r.deadlocks)/float64(r.runs))
	if r.confirmed > 0 && !r.expected {
		s += " other deadlock"
	}
	var bad []string
	for _, o := range driver.Outcomes {
		if n := r.bad[o]; n > 0 {
			bad = append(bad, fmt.Sprintf("%d %s", n, o))
		}
	}
	if len(bad) > 0 {
		s += " [" + strings.Join(bad, ", ") + "]"
	}
	return s
}

// measureRates hunts every case with every strategy, keeping going for the
// whole budget so that hits are counted.
func measureRates(ctx context.Context, o options, cs []corpus.Case, b *built) (map[string]map[string]rate, error) {
	rates := map[string]map[string]rate{}
	for _, c := range cs {
		rates[c.Name] = map[string]rate{}
		pkg, ok := b.pkgs[c.Pkg]
		if !ok {
			for _, s := range o.strategies {
				rates[c.Name][s] = rate{note: "not built"}
			}
			continue
		}
		for _, s := range o.strategies {
			r, err := measure(ctx, o, c, pkg, s)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", c.Name, s, err)
			}
			rates[c.Name][s] = r
		}
	}
	return rates, nil
}

func measure(ctx context.Context, o options, c corpus.Case, pkg driver.Package, strategy string) (rate, error) {
	if strategy == stress {
		return measureStress(ctx, o, c, pkg)
	}
	s, err := report.ParseStrategy(strategy)
	if err != nil {
		return rate{}, err
	}
	if s == report.Directed {
		return measureDirected(ctx, o, c, pkg)
	}
	opts := driver.Options{Runs: o.seeds, Strategy: s, KeepGoing: true, Parallel: o.parallel,
		Timeout: o.timeout, Run: regexp.MustCompile("^" + regexp.QuoteMeta(c.Test) + "$")}
	r, _, err := hunt(ctx, c, pkg, opts)
	return r, err
}

// hunt runs the driver on the case's test and reads its rate; the summary
// is nil when the hunt could not measure the test.
func hunt(ctx context.Context, c corpus.Case, pkg driver.Package, opts driver.Options) (rate, *driver.Summary, error) {
	sum, err := driver.Hunt(ctx, []driver.Package{pkg}, opts)
	if err != nil {
		return rate{}, nil, err
	}
	if len(sum.Errors) > 0 {
		return rate{note: sum.Errors[0].Err}, nil, nil
	}
	if len(sum.Tests) != 1 {
		return rate{note: "test not found"}, nil, nil
	}
	st := sum.Tests[0]
	if st.Failure != nil {
		return rate{note: "calibration " + string(st.Failure.Outcome)}, nil, nil
	}
	r := rate{runs: st.Seeded, deadlocks: st.SeededDeadlocks, confirmed: len(sum.Findings), bad: map[driver.Outcome]int{}}
	for _, out := range driver.Outcomes {
		if out.Bad() {
			r.bad[out] = st.Outcomes[out]
		}
	}
	for _, f := range sum.Findings {
		if sameClasses(f.Classes(), c.Locks) {
			r.expected = true
		} else {
			r.others = append(r.others, fmt.Sprintf("%s %s", f.Kind, strings.Join(f.Classes(), ", ")))
		}
	}
	return r, sum, nil
}

func sameClasses(got, want []string) bool {
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	return slices.Equal(slices.Compact(g), slices.Compact(w))
}

func writeRates(w io.Writer, o options, cs []corpus.Case, rates map[string]map[string]rate) {
	fmt.Fprintf(w, "### Hit rate per run (%d seeds per strategy, deadlocking runs / runs)\n\n", o.seeds)
	fmt.Fprintf(w, "| case | expect | depth | %s |\n|---|---|---|%s\n", strings.Join(o.strategies, " | "), strings.Repeat("---|", len(o.strategies)))
	for _, c := range cs {
		cells := make([]string, len(o.strategies))
		for i, s := range o.strategies {
			cells[i] = rates[c.Name][s].String()
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s |\n", c.Name, c.Expect, c.Depth, strings.Join(cells, " | "))
	}
	fmt.Fprintln(w)
	for _, s := range o.strategies {
		found, cases, silent, clean := 0, 0, 0, 0
		for _, c := range cs {
			r := rates[c.Name][s]
			switch c.Expect {
			case corpus.MustConfirm:
				cases++
				if r.expected {
					found++
				}
			case corpus.MustSilent:
				clean++
				if (r.runs > 0 || r.aimed == nil && s == string(report.Directed) && r.note == noPrediction) && r.confirmed == 0 {
					silent++
				}
			}
		}
		fmt.Fprintf(w, "- %s: confirmed the expected deadlock in %d of %d deadlock cases; confirmed nothing in %d of %d clean cases\n", s, found, cases, silent, clean)
	}
	fmt.Fprintln(w)
	writeOthers(w, o, cs, rates)
	if slices.Contains(o.strategies, string(report.Directed)) {
		writeDirected(w, o, cs, rates)
	}
}

// writeOthers lists confirmed findings whose lock classes are not the
// case's expected ones ("other deadlock" in the table).
func writeOthers(w io.Writer, o options, cs []corpus.Case, rates map[string]map[string]rate) {
	header := false
	for _, c := range cs {
		seen := map[string]bool{}
		for _, s := range o.strategies {
			for _, other := range rates[c.Name][s].others {
				if seen[other] {
					continue
				}
				seen[other] = true
				if !header {
					fmt.Fprintln(w, "Confirmed findings whose lock classes differ from the case's expect.json:")
					fmt.Fprintln(w)
					header = true
				}
				fmt.Fprintf(w, "- %s: confirmed %s; expected %s %s\n", c.Name, other, c.Kind, strings.Join(c.Locks, ", "))
			}
		}
	}
	if header {
		fmt.Fprintln(w)
	}
}
