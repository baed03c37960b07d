package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/mod/modfile"
)

// Root returns the corpus's directory, corpus/ in the source tree of the
// deadhunt module; its parent is the module's root. It serves deadhunt's
// own tests and tools, which run from that source tree.
//
// Root is found from this file's position as the compiler recorded it or,
// in a binary built with -trimpath, from the working directory: the
// nearest directory above it whose go.mod declares the deadhunt module.
func Root() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if dir := filepath.Dir(file); isRoot(dir) {
			return dir, nil
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && modfile.ModulePath(data) == modulePath {
			if dir := filepath.Join(d, "corpus"); isRoot(dir) {
				return dir, nil
			}
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("corpus: no source of module %s at or above %s", modulePath, wd)
		}
	}
}

// isRoot reports whether dir holds this package's source.
func isRoot(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "corpus.go"))
	return err == nil
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

// modulePath is the deadhunt module's path.
var modulePath = strings.TrimSuffix(ModulePath, "/corpus")
