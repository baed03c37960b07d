package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// noPrediction notes a case for which prediction aimed at nothing.
const noPrediction = "no prediction"

// aimed is what the directed strategy did for one case.
type aimed struct {
	aims     int // predictions aimed at the case's test
	recorded int // recording runs (plain + traced), not counted in the rate
	// firstHit is the 1-based index of the first directed seed (over the
	// case's aims, each with its own seeds) whose deadlock was confirmed;
	// 0 if none. k, n, r are the aim's calibrated parameters.
	firstHit, k, n, r int
	// hitAim is the rate of the aim whose seed came first
	// (deadlocking runs / runs), "" when none hit.
	hitAim string
}

// measureDirected records the case's test (plain, 3 random, 2 pct runs),
// predicts from the traces, then runs o.seeds directed seeds per prediction
// aimed at the test, keeping going. Recording and the calibration runs
// are not counted in the rate.
func measureDirected(ctx context.Context, o options, c corpus.Case, pkg driver.Package) (rate, error) {
	dir, err := os.MkdirTemp("", "hitrate-traces-")
	if err != nil {
		return rate{}, err
	}
	defer os.RemoveAll(dir)
	run := regexp.MustCompile("^" + regexp.QuoteMeta(c.Test) + "$")
	rec, err := driver.Record(ctx, []driver.Package{pkg}, driver.RecordOptions{Dir: dir, Run: run, Parallel: o.parallel, Timeout: o.timeout})
	if err != nil {
		return rate{}, err
	}
	pr := driver.Predict(rec, predict.Options{})
	key := driver.TestKey{Package: pkg.ImportPath, Test: c.Test}
	aims := pr.Aims[key]
	if len(aims) == 0 {
		return rate{note: noPrediction}, nil
	}
	opts := driver.Options{Runs: o.seeds, Strategy: report.Directed, KeepGoing: true, Parallel: o.parallel,
		Timeout: o.timeout, Run: run, Aims: map[driver.TestKey][]driver.Aim{key: aims}}
	r, sum, err := hunt(ctx, c, pkg, opts)
	if err != nil || sum == nil {
		return r, err
	}
	a := &aimed{aims: len(aims)}
	for _, t := range rec.Tests {
		for _, n := range t.Outcomes {
			a.recorded += n
		}
	}
	offset := 0 // seeds of earlier aims
	for _, st := range sum.Tests[0].Aims {
		if st.FirstHit > 0 && (a.firstHit == 0 || offset+st.FirstHit < a.firstHit) {
			a.firstHit, a.k, a.n, a.r = offset+st.FirstHit, st.Steps, st.Goroutines, st.Radius
			a.hitAim = fmt.Sprintf("%d/%d", st.Deadlocks, st.Runs)
		}
		offset += st.Runs
	}
	if a.firstHit == 0 && len(sum.Tests[0].Aims) > 0 {
		st := sum.Tests[0].Aims[0]
		a.k, a.n, a.r = st.Steps, st.Goroutines, st.Radius
	}
	r.aimed = a
	return r, nil
}

// lockKind reports whether a case's deadlock is one the directed strategy
// aims at from predictions: a lock-order cycle, double lock or RWR.
func lockKind(c corpus.Case) bool {
	return slices.Contains([]string{"lock-order-cycle", "double-lock", "rwr"}, string(c.Kind))
}

// writeDirected writes the directed strategy's runs to confirm per case,
// and the median and maximum over the must-confirm lock cases.
func writeDirected(w io.Writer, o options, cs []corpus.Case, rates map[string]map[string]rate) {
	fmt.Fprintf(w, "### Directed: runs to the first confirmed deadlock (%d seeds per prediction)\n\n", o.seeds)
	fmt.Fprintln(w, "| case | kind | depth | predictions | k (target acquisitions) | n | r | recording runs | first confirming directed run | that aim's hits |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	var firsts []int
	missed := 0
	for _, c := range cs {
		r := rates[c.Name][string(report.Directed)]
		a := r.aimed
		if a == nil {
			fmt.Fprintf(w, "| %s | %s | %d | 0 | – | – | – | – | – %s | – |\n", c.Name, c.Kind, c.Depth, r.note)
			if c.Expect == corpus.MustConfirm && lockKind(c) {
				missed++
			}
			continue
		}
		first := "none"
		if a.firstHit > 0 {
			first = strconv.Itoa(a.firstHit)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d | %d | %d | %s | %s |\n", c.Name, c.Kind, c.Depth, a.aims, a.k, a.n, a.r, a.recorded, first, cmp.Or(a.hitAim, "–"))
		if c.Expect == corpus.MustConfirm && lockKind(c) {
			if a.firstHit > 0 {
				firsts = append(firsts, a.firstHit)
			} else {
				missed++
			}
		}
	}
	fmt.Fprintln(w)
	if len(firsts) > 0 {
		slices.Sort(firsts)
		fmt.Fprintf(w, "Must-confirm lock cases (lock-order-cycle, double-lock, rwr): %d confirmed by directed runs, %d not; runs to confirm: median %d, max %d.\n\n",
			len(firsts), missed, firsts[len(firsts)/2], firsts[len(firsts)-1])
	}
}
