package driver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// Hunt runs every test of every package under the controlled scheduler and
// returns the deadlocks it confirmed. Tests are hunted concurrently, and
// at most opts.Parallel processes run at once. An error is returned only
// when the hunt cannot run at all (bad options, no work directory, ctx
// canceled); problems confined to a test are in Summary.Errors. When ctx
// ends, the summary of what was done so far comes with the error.
func Hunt(ctx context.Context, pkgs []Package, opts Options) (*Summary, error) {
	opts = opts.WithDefaults()
	if err := opts.CheckValid(); err != nil {
		return nil, err
	}
	workDir, cleanup, err := makeWorkDir(opts.WorkDir)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	h := &hunter{opts: opts, runner: newRunner(opts.Timeout, opts.Env, workDir, opts.Parallel), packages: len(pkgs)}
	h.runner.args = opts.Args
	defer h.runner.close()
	if rec := opts.Recording; rec != nil && cap(rec.slots) == opts.Parallel {
		h.runner.sem = rec.slots // a plain run still going holds one: -p bounds every process
	}
	if rec := opts.Recording; rec != nil && rec.share != nil {
		h.runner.share = rec.share // a run made alone waits for the recording's too
	}
	jobs := h.jobs(pkgs)
	if !opts.Until.IsZero() || opts.expired != nil {
		h.byYield(jobs)
	}
	h.pace = pace{start: time.Now(), total: len(jobs)}
	results := make([]testResult, len(jobs))
	parallel(len(jobs), opts.Parallel, func(i int) { results[i] = h.hunt(ctx, jobs[i].pkg, jobs[i].test) })
	if err := ctx.Err(); err != nil {
		return collect(results), fmt.Errorf("driver: %w", err)
	}
	return collect(results), nil
}

func makeWorkDir(dir string) (string, func(), error) {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", nil, fmt.Errorf("driver: %w", err)
		}
		return dir, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "deadhunt-driver-")
	if err != nil {
		return "", nil, fmt.Errorf("driver: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

type job struct {
	pkg  *Package
	test string
}

func (h *hunter) jobs(pkgs []Package) []job {
	var js []job
	for i := range pkgs {
		for _, t := range pkgs[i].Tests {
			if h.opts.Run == nil || h.opts.Run.MatchString(t) {
				js = append(js, job{&pkgs[i], t})
			}
		}
	}
	return js
}

// testResult is what hunting one test produced.
type testResult struct {
	stats    TestStats
	findings []report.Finding
	err      error
}

func collect(results []testResult) *Summary {
	s := &Summary{Findings: []report.Finding{}}
	for _, r := range results {
		if r.stats.Package == "" {
			continue // never started
		}
		s.Tests = append(s.Tests, r.stats)
		s.Findings = append(s.Findings, r.findings...)
		if r.err != nil && !errors.Is(r.err, errCanceled) {
			s.Errors = append(s.Errors, report.PackageError{Package: r.stats.Package, Test: r.stats.Test, Err: r.err.Error()})
		}
	}
	return s
}

// parallel calls f(0), ..., f(n-1), at most limit at once, and returns when
// all have returned.
func parallel(n, limit int, f func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, limit)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			f(i)
		}()
	}
	wg.Wait()
}

// expired reports whether the hunt's time (Options.Until) is up: no run
// starts after it.
func (h *hunter) expired() bool {
	switch {
	case h.opts.expired != nil:
		return h.opts.expired()
	case h.opts.Until.IsZero():
		return false
	}
	return !time.Now().Before(h.opts.Until)
}

// byYield orders the jobs for a hunt with a time limit: tests with aims
// first (most aims first), then the others by their recorded plain run's
// duration, shortest first (unknown last): each minute buys the most.
func (h *hunter) byYield(js []job) {
	cost := func(j job) time.Duration {
		if r := h.opts.Recording; r != nil {
			if d, ok := r.plainDuration(j.pkg.ImportPath, j.test); ok {
				return d
			}
		}
		return time.Duration(math.MaxInt64)
	}
	slices.SortStableFunc(js, func(a, b job) int {
		na, nb := len(h.opts.aimsFor(a.pkg.ImportPath, a.test)), len(h.opts.aimsFor(b.pkg.ImportPath, b.test))
		if c := cmp.Compare(nb, na); c != 0 {
			return c
		}
		return cmp.Compare(cost(a), cost(b))
	})
}
