package hunt

import (
	"context"
	"errors"
	"fmt"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Witnesses reads the report file at path (relative to dir) and returns
// the findings to replay: the one with ID id, or with id "" every
// confirmed one. A finding without a witness cannot be replayed.
func Witnesses(dir, path, id string) ([]report.Finding, error) {
	rep, err := report.ReadFile(within(dir, path))
	if err != nil {
		return nil, err
	}
	var fs []report.Finding
	for _, f := range rep.Findings {
		switch {
		case id != "" && f.ID != id:
		case f.Witness == nil && id != "":
			return nil, fmt.Errorf("finding %s is %s, not confirmed: it has no witness to replay", f.ID, f.Status)
		case f.Witness != nil:
			fs = append(fs, f)
		}
	}
	switch {
	case len(fs) == 0 && id != "":
		return nil, fmt.Errorf("%s: no finding %s", path, id)
	case len(fs) == 0:
		return nil, fmt.Errorf("%s: no confirmed finding to replay", path)
	}
	return fs, nil
}

// Replayer re-runs witnesses, building each package once however many
// replays use it. Close removes what it built.
type Replayer struct {
	cfg   Config
	root  string
	cache map[string]*driver.Package
	built []*driver.Built
}

// NewReplayer returns a Replayer for the module of cfg.Dir; it uses
// cfg.Build, cfg.Timeout and nothing else.
func NewReplayer(cfg Config) (*Replayer, error) {
	root, err := moduleRoot(cfg.Dir)
	if err != nil {
		return nil, err
	}
	return &Replayer{cfg: cfg, root: root, cache: map[string]*driver.Package{}}, nil
}

// Replay rebuilds (once) the package of f's witness and runs its test
// with the witness's exact schedule.
func (r *Replayer) Replay(ctx context.Context, f *report.Finding) (*driver.ReplayResult, error) {
	return driver.Replay(ctx, f, driver.ReplayOptions{Build: r.build, Timeout: r.cfg.Timeout})
}

func (r *Replayer) build(ctx context.Context, path string) (*driver.Package, error) {
	if p := r.cache[path]; p != nil {
		return p, nil
	}
	b, err := r.cfg.build()(ctx, driver.BuildOptions{Dir: r.root, Patterns: []string{path}})
	if err != nil {
		return nil, err
	}
	r.built = append(r.built, b)
	for _, e := range b.Errors {
		return nil, errors.New(e.Error())
	}
	for i := range b.Packages {
		if b.Packages[i].ImportPath == path {
			r.cache[path] = &b.Packages[i]
			return r.cache[path], nil
		}
	}
	return nil, fmt.Errorf("package %s was not built (no test files?)", path)
}

// Close removes the test binaries built.
func (r *Replayer) Close() {
	for _, b := range r.built {
		b.Close()
	}
}
