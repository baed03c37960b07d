package instrument

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

type builder struct {
	opts    Options
	stderr  io.Writer
	overlay map[string]string // original file → rewritten file in WorkDir
	files   int               // rewritten files written so far
	// runtime returns the runtime's source files (trigger.RuntimeFiles).
	runtime func() (map[string][]byte, error)
}

func newBuilder(opts Options, runtime func() (map[string][]byte, error)) (*builder, error) {
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"."}
	}
	if opts.Dir == "" {
		opts.Dir = "."
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("instrument: %w", err)
	}
	opts.Dir = dir
	if opts.CacheDir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("instrument: no cache directory: %w", err)
		}
		opts.CacheDir = filepath.Join(c, "deadhunt")
	}
	if opts.WorkDir == "" {
		if opts.WorkDir, err = os.MkdirTemp("", "deadhunt-build-"); err != nil {
			return nil, fmt.Errorf("instrument: %w", err)
		}
	}
	for _, d := range []*string{&opts.CacheDir, &opts.WorkDir} {
		if *d, err = filepath.Abs(*d); err != nil {
			return nil, fmt.Errorf("instrument: %w", err)
		}
	}
	if err := os.MkdirAll(opts.WorkDir, 0o755); err != nil {
		return nil, fmt.Errorf("instrument: %w", err)
	}
	b := &builder{opts: opts, stderr: opts.Stderr, overlay: map[string]string{}, runtime: runtime}
	if b.stderr == nil {
		b.stderr = io.Discard
	}
	return b, nil
}

func (b *builder) build(ctx context.Context) ([]Package, error) {
	units, err := b.load(ctx)
	if err != nil {
		return nil, err
	}
	workspace := b.workspace(ctx)
	for _, u := range units {
		u.pkg.Dir = u.dir()
		if workspace != "" {
			u.pkg.Warnings = append(u.pkg.Warnings, Warning{Msg: "workspace " + workspace + " ignored: each module builds from its own go.mod"})
		}
		if u.pkg.Err = u.loadErr(); u.pkg.Err != nil {
			continue
		}
		u.pkg.Err = b.instrument(u)
	}
	overlay, err := b.writeOverlay()
	if err != nil {
		return nil, err
	}
	b.compileAll(ctx, units, overlay)
	out := make([]Package, len(units))
	for i, u := range units {
		out[i] = *u.pkg
	}
	return out, nil
}

// compileAll builds the test binaries, opts.Jobs at a time.
func (b *builder) compileAll(ctx context.Context, units []*unit, overlay string) {
	mods := map[string]*module{}
	jobs := b.opts.Jobs
	if jobs <= 0 {
		jobs = 2
	}
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for _, u := range units {
		if u.pkg.Err != nil || len(u.pkg.Tests) == 0 || u.dep {
			continue
		}
		m, err := b.moduleOf(u, mods)
		if err != nil {
			u.pkg.Err = err
			continue
		}
		u.pkg.Warnings = append(u.pkg.Warnings, m.warnings...)
		fmt.Fprintf(b.stderr, "instrument: building %s\n", u.path)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			u.pkg.Binary, u.pkg.Err = b.compile(ctx, u, m, overlay)
			<-sem
		}()
	}
	wg.Wait()
}

func (u *unit) dir() string {
	if u.internal != nil && len(u.internal.GoFiles) > 0 {
		return filepath.Dir(u.internal.GoFiles[0])
	}
	if u.xtest != nil && len(u.xtest.GoFiles) > 0 {
		return filepath.Dir(u.xtest.GoFiles[0])
	}
	return ""
}

// workspace returns the go.work file in effect in opts.Dir, if any: builds
// run with GOWORK=off, since -modfile cannot be used with a workspace.
func (b *builder) workspace(ctx context.Context) string {
	cmd := exec.CommandContext(ctx, "go", "env", "GOWORK")
	cmd.Dir = b.opts.Dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	w := strings.TrimSpace(string(out))
	if w == "off" {
		return ""
	}
	return w
}
