package instrument

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
)

// extractRuntime writes the embedded runtime, with a go.mod declaring
// module deadhunt.dev/rt at language version goVersion, into the cache
// directory, once per content: rt-<hash of files and go.mod>.
func (b *builder) extractRuntime(goVersion string) (string, error) {
	files, err := b.runtime()
	if err != nil {
		return "", fmt.Errorf("instrument: runtime source: %w", err)
	}
	files["go.mod"] = []byte("module " + rewrite.RuntimePath + "\n\ngo " + goVersion + "\n")
	dir := filepath.Join(b.opts.CacheDir, "rt-"+contentHash(files))
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(b.opts.CacheDir, 0o755); err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	tmp, err := os.MkdirTemp(b.opts.CacheDir, "rt-tmp-")
	if err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			os.RemoveAll(tmp)
			return "", fmt.Errorf("instrument: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if _, statErr := os.Stat(filepath.Join(dir, "go.mod")); statErr == nil {
			return dir, nil // extracted concurrently by another build
		}
		if !errors.Is(err, os.ErrExist) {
			return "", fmt.Errorf("instrument: %w", err)
		}
	}
	return dir, nil
}

func contentHash(files map[string][]byte) string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(files[n]))
		h.Write(files[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
