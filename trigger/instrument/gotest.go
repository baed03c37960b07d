package instrument

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// compileBatch builds the test binaries of units of one module with one
// go command, then builds one by one those it did not produce.
func (b *builder) compileBatch(ctx context.Context, us []*unit, m *module, overlay string) {
	if len(us) > 1 {
		fmt.Fprintf(b.stderr, "instrument: building %d packages in %s\n", len(us), m.dir)
		b.batch(ctx, us, m, overlay)
	}
	for _, u := range us {
		if u.pkg.Binary == "" {
			fmt.Fprintf(b.stderr, "instrument: building %s\n", u.path)
			u.pkg.Binary, u.pkg.Err = b.compile(ctx, u, m, overlay)
		}
	}
}

// batch runs go test -c on all units, which places their binaries when
// every one built; failures are left to compile.
func (b *builder) batch(ctx context.Context, us []*unit, m *module, overlay string) {
	if _, err := b.goTestCached(ctx, m, overlay, us); err != nil {
		return
	}
	for _, u := range us {
		u.pkg.Binary = b.binaryPath(u)
	}
}

func (b *builder) binaryPath(u *unit) string {
	return filepath.Join(b.opts.WorkDir, "bin", strings.ReplaceAll(u.path, "/", "_")+".test")
}

// goTest runs go test -c -o out for paths in m's module.
func (b *builder) goTest(ctx context.Context, m *module, overlay, out string, paths []string) (string, error) {
	if err := os.MkdirAll(filepath.Join(b.opts.WorkDir, "bin"), 0o755); err != nil {
		return "", err
	}
	args := []string{"test", "-c", "-vet=off", "-o", out, "-overlay", overlay, "-modfile", m.gomod}
	args = append(args, b.testFlags()...)
	args = append(args, paths...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = m.dir
	cmd.Env = b.env()
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	return buf.String(), err
}

// testFlags are the build flags of the instrumented test binaries: the
// user's, after -ldflags=-w unless they set -ldflags themselves (no
// DWARF: a fifth less linking, and no hunt reads it).
func (b *builder) testFlags() []string {
	if _, _, set := buildFlag(b.opts.GoFlags, "ldflags"); set {
		return b.opts.GoFlags
	}
	return append([]string{"-ldflags=-w"}, b.opts.GoFlags...)
}

// compile builds u's instrumented test binary alone.
func (b *builder) compile(ctx context.Context, u *unit, m *module, overlay string) (string, error) {
	bin := b.binaryPath(u)
	out, err := b.goTestCached(ctx, m, overlay, []*unit{u})
	if err != nil && overlay != b.localOverlay && b.retryLocal(ctx, u, m, bin, out) != "" {
		return bin, nil
	}
	if err != nil {
		msg := strings.TrimSpace(out)
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("instrument: %s: build failed: %s", u.path, msg)
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("instrument: %s: go test -c wrote no binary", u.path)
	}
	return bin, nil
}
