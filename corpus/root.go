package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Root returns the corpus's directory, corpus/ in the source tree of the
// deadhunt module this program was built from; its parent is the module's
// root. It serves deadhunt's own tests and tools, which run from that
// source tree, whatever their working directory.
//
// Root is found from this file's position as the compiler recorded it, so
// a binary built with -trimpath has none and gets an error.
func Root() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("corpus: no source position for package corpus")
	}
	dir := filepath.Dir(file)
	if !filepath.IsAbs(dir) {
		return "", fmt.Errorf("corpus: source position %s is not absolute (built with -trimpath?)", file)
	}
	if _, err := os.Stat(filepath.Join(dir, "corpus.go")); err != nil {
		return "", fmt.Errorf("corpus: source not found: %w", err)
	}
	return dir, nil
}

// MustRoot is Root for tests and tools that cannot go on without the
// corpus: it panics if Root fails.
func MustRoot() string {
	root, err := Root()
	if err != nil {
		panic(err)
	}
	return root
}
