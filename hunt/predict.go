package hunt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/google/pprof/profile"

	"github.com/deadhunt/deadhunt/predict"
	"github.com/deadhunt/deadhunt/report"
)

// Predictions is what Predict found.
type Predictions struct {
	// Report has every prediction, the traces' joined with the static
	// analyzer's (predicted-dynamic when traces showed it, else
	// predicted-static), suppressions applied, and the errors.
	Report *report.Report
	Root   string           // the module root, which holds .deadhunt
	graphs []*predict.Graph // the lock-order graphs, one per package with traces
	dir    string           // Config.Dir, for WriteText
}

// Predict builds the packages matching patterns (./... if none), records
// their tests' lock-order traces and predicts deadlocks from them and from
// the static analyzer. Nothing is confirmed. If recording was
// interrupted, the predictions from what was recorded come with the
// error.
func Predict(ctx context.Context, cfg Config, patterns []string) (*Predictions, error) {
	p, built, rec, err := buildAndRecord(ctx, cfg, patterns)
	if p != nil {
		defer p.dropTraces()
	}
	if rec == nil {
		return nil, err
	}
	p.stage("%s", rec)
	pr := p.predict(ctx, rec)
	rep := &report.Report{Version: report.Version, Tool: "deadhunt predict", Created: time.Now().UTC(),
		Packages: built.Paths, Findings: pr.merged}
	rep.Errors = slices.Concat(built.Errors, notBuildErrors(slices.Concat(rec.Errors, pr.errs), built.Errors))
	if rep.Findings == nil {
		rep.Findings = []report.Finding{}
	}
	if serr := ApplySuppressions(rep, p.root); serr != nil {
		return nil, errors.Join(err, serr)
	}
	ps := &Predictions{Report: rep, Root: p.root, dir: cfg.Dir}
	for _, pkg := range pr.Packages {
		ps.graphs = append(ps.graphs, pr.Graphs[pkg])
	}
	return ps, err
}

// Profile is every package's lock-order graph as one pprof profile of
// the out-of-order acquisitions.
func (ps *Predictions) Profile() (*profile.Profile, error) {
	var profs []*profile.Profile
	for _, g := range ps.graphs {
		var buf bytes.Buffer
		if err := g.WriteProfile(&buf); err != nil {
			return nil, err
		}
		prof, err := profile.Parse(&buf)
		if err != nil {
			return nil, fmt.Errorf("pprof: %w", err)
		}
		profs = append(profs, prof)
	}
	if len(profs) == 0 {
		return nil, errors.New("no traces recorded: no lock-order graph to write")
	}
	merged, err := profile.Merge(profs)
	if err != nil {
		return nil, fmt.Errorf("pprof: %w", err)
	}
	return merged, nil
}

// WriteDOT writes every package's lock-order graph for Graphviz, one
// digraph after the other.
func (ps *Predictions) WriteDOT(w io.Writer) error {
	for _, g := range ps.graphs {
		if err := g.WriteDOT(w); err != nil {
			return err
		}
	}
	return nil
}
