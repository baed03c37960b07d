package driver

import (
	"bytes"
	"os"
	"slices"

	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// addBlocking adds the blocking candidates of a package's traces
// (predict.BlockFinder): a lock held across a channel operation,
// WaitGroup or Cond Wait whose partner takes the lock (mixed), a channel
// operation completed by a select that could have taken another case, a
// WaitGroup Add not ordered before its Wait, a Cond signalled without
// c.L, a receive completed by a send with a default (blocked; the last
// three are predict.Shape* candidates, whose holds predict sets). A
// candidate whose kind and lock a lock-order prediction of the package
// already names is left out, and so is one whose finding an earlier
// candidate names (a Shape candidate comes before the generic one of the
// same goroutines); the others are findings and aims like the lock-order
// predictions, after them. Then the stopper aims (predict.Stoppers), then
// the order flips, but for those whose held sites a stopper aim holds.
func (pr *Predictions) addBlocking(pkg string, files []string, res *predict.Result) {
	b := predict.NewBlockFinder()
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			continue // predictPackage read it: a file removed since is no candidate
		}
		if err := b.ReadFrom(trace.NewReader(bytes.NewReader(data))); err != nil {
			continue
		}
	}
	var fs []report.Finding
	for _, c := range b.Predictions() {
		f := c.Finding(pkg)
		if slices.ContainsFunc(pr.Findings, func(g report.Finding) bool { return g.ID == f.ID }) ||
			slices.ContainsFunc(fs, func(g report.Finding) bool { return g.ID == f.ID }) {
			continue
		}
		fs = append(fs, f)
		res.Predictions = append(res.Predictions, c)
		pr.addAims(pkg, c)
	}
	pr.Findings = append(pr.Findings, fs...)
	var stopped []string             // the sites the stopper aims hold
	for _, c := range b.Stoppers() { // aims only
		pr.addAims(pkg, c)
		stopped = append(stopped, c.Target.Postpone...)
	}
	for _, c := range b.Flips() { // aims only; a lock-order prediction's own aim orders its locks
		if len(stopped) > 0 && !slices.ContainsFunc(c.Target.Postpone, func(s string) bool { return !slices.Contains(stopped, s) }) {
			continue // a stopper aim holds its goroutine there already, and longer
		}
		if len(c.Classes) > 0 && slices.ContainsFunc(res.Predictions, func(p *predict.Prediction) bool {
			return p.Block == nil && slices.Contains(p.Classes, c.Classes[0])
		}) {
			continue
		}
		pr.addAims(pkg, c)
	}
}

// blockTarget is the directed strategy's target for a blocking
// candidate: its Postpone and Until sites, its goroutines, and the sites
// of its operations and partners as the counted steps.
func blockTarget(c *predict.Prediction) wire.Target {
	t := wire.Target{Classes: c.Target.Classes, Goroutines: c.Target.Goroutines,
		Postpone: c.Target.Postpone, Until: c.Target.Until, First: c.Target.First, Slow: c.Target.Slow}
	for _, s := range c.Target.Sites {
		addSite(&t.Sites, s)
	}
	slices.Sort(t.Sites)
	return t
}
