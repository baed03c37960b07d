package instrument

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/trigger"
	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
)

// extractRuntime writes the embedded runtime, with a go.mod declaring
// module deadhunt.dev/rt at the user's go version goVersion (its files
// raised to minGo if that is below), into the cache
// directory, once per content: rt-<hash of files and go.mod>. Its
// subpackages go to subdirectories, and the runtime's imports of them
// name them in that module (relocate).
func (b *builder) extractRuntime(goVersion string) (string, error) {
	files, err := b.runtime()
	if err != nil {
		return "", fmt.Errorf("instrument: runtime source: %w", err)
	}
	for name, data := range files {
		if strings.HasSuffix(name, ".go") {
			files[name] = relocate(data)
			if belowMin(goVersion) {
				files[name] = raiseFile(files[name], ":1:1")
			}
		}
	}
	files["go.mod"] = []byte("module " + rewrite.RuntimePath + "\n")
	if goVersion != "" {
		files["go.mod"] = fmt.Appendf(files["go.mod"], "\ngo %s\n", goVersion)
	}
	dir, err := b.cacheEntry("rt-"+contentHash(files), "go.mod", func(tmp string) error {
		for name, data := range files {
			file := filepath.Join(tmp, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(file, data, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	return dir, nil
}

// cacheEntry is the directory name in the cache directory, made once by
// fill (in a temporary directory, renamed into place when done, so that
// builds running at once never see half of it) and kept: complete when
// it holds mark. Its path stays the same between builds.
func (b *builder) cacheEntry(name, mark string, fill func(tmp string) error) (string, error) {
	dir := filepath.Join(b.opts.CacheDir, name)
	if fileExists(filepath.Join(dir, mark)) {
		cachedir.Touch(dir) // used: trimming keeps it
		return dir, nil
	}
	if err := os.MkdirAll(b.opts.CacheDir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(b.opts.CacheDir, name+"-tmp-")
	if err != nil {
		return "", err
	}
	if err := fill(tmp); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if fileExists(filepath.Join(dir, mark)) {
			return dir, nil // made at the same time by another build
		}
		return "", err
	}
	return dir, nil
}

// relocate rewrites a runtime file's imports of the runtime's subpackages
// (trigger/rt/wire) to their paths in the extracted module.
func relocate(src []byte) []byte {
	return trigger.Relocate(src, rewrite.RuntimePath)
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
