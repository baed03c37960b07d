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

// compile builds u's instrumented test binary.
func (b *builder) compile(ctx context.Context, u *unit, m *module, overlay string) (string, error) {
	bin := filepath.Join(b.opts.WorkDir, "bin", strings.ReplaceAll(u.path, "/", "_")+".test")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	args := []string{"test", "-c", "-vet=off", "-o", bin, "-overlay", overlay, "-modfile", m.gomod}
	args = append(args, b.opts.GoFlags...)
	args = append(args, u.path)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = m.dir
	cmd.Env = b.env()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
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
