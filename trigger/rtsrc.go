// Package trigger holds what runs users' tests under deadhunt's control:
// the instrumenter (trigger/instrument), the runtime instrumented code
// calls (trigger/rt) and the driver (trigger/driver). This package itself
// only embeds the runtime's source, which the instrumenter extracts next to
// the user's module.
package trigger

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed rt
var rtDir embed.FS

// RuntimeFiles returns the source files of the runtime package by base
// name: the .go and .s files of trigger/rt, without tests and testdata.
func RuntimeFiles() (map[string][]byte, error) {
	entries, err := fs.ReadDir(rtDir, "rt")
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, "_test.go") || !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".s")) {
			continue
		}
		data, err := rtDir.ReadFile(path.Join("rt", name))
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	return files, nil
}
