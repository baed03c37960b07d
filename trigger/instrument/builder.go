package instrument

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/deadhunt/deadhunt/internal/cachedir"
)

type builder struct {
	opts    Options
	stderr  io.Writer
	overlay map[string]string // original file → rewritten file in WorkDir
	files   int               // rewritten files written so far
	// runtime returns the runtime's source files (trigger.RuntimeFiles).
	runtime func() (map[string][]byte, error)
	// others are the overlay's files of other modules' packages and
	// otherMods those modules; localOverlay is the overlay without them
	// (extdeps.go).
	others       map[string]bool
	otherMods    map[string]string // module path → its copy
	localOverlay string
	goWork       string // the go.work in effect, if any (workspace.go)
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
		if opts.CacheDir, err = cachedir.Build(); err != nil {
			return nil, fmt.Errorf("instrument: %w", err)
		}
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
	b := &builder{opts: opts, stderr: opts.Stderr, overlay: map[string]string{}, runtime: runtime,
		others: map[string]bool{}, otherMods: map[string]string{}}
	if b.stderr == nil {
		b.stderr = io.Discard
	}
	return b, nil
}

func (b *builder) build(ctx context.Context) ([]Package, error) {
	b.goWork = b.workspace(ctx)
	units, err := b.load(ctx)
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		u.pkg.Dir = u.dir()
		if b.goWork != "" && !u.dep {
			u.pkg.Warnings = append(u.pkg.Warnings, Warning{Msg: "workspace " + b.goWork + ": built with GOWORK=off, its modules replacing their requirements"})
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
	if b.localOverlay, err = b.withoutOthers(); err != nil {
		return nil, err
	}
	b.compileAll(ctx, units, overlay)
	out := make([]Package, len(units))
	for i, u := range units {
		out[i] = *u.pkg
	}
	return out, nil
}

// compileAll builds the test binaries: one go test -c per module for all
// its packages (the go command then loads and links them in parallel),
// and one per package for those the batch did not produce, which also
// yields each failure's own message.
func (b *builder) compileAll(ctx context.Context, units []*unit, overlay string) {
	mods := map[string]*module{}
	var order []string
	byMod := map[string][]*unit{}
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
		if byMod[m.dir] == nil {
			order = append(order, m.dir)
		}
		byMod[m.dir] = append(byMod[m.dir], u)
	}
	for _, dir := range order {
		for _, batch := range batches(byMod[dir]) {
			b.compileBatch(ctx, batch, mods[dir], overlay)
		}
	}
}

// batches splits units so that no two in a batch share a binary name
// (the last element of the import path).
func batches(us []*unit) [][]*unit {
	var out [][]*unit
	var seen []map[string]bool
	for _, u := range us {
		name := path.Base(u.path)
		i := 0
		for i < len(out) && seen[i][name] {
			i++
		}
		if i == len(out) {
			out, seen = append(out, nil), append(seen, map[string]bool{})
		}
		out[i], seen[i][name] = append(out[i], u), true
	}
	return out
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

// workspace returns the go.work file in effect in opts.Dir, if any: the
// packages load in the workspace, builds run with GOWORK=off, since
// -modfile cannot be used with a workspace (workspace.go).
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
