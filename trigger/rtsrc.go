// Package trigger holds what runs users' tests under deadhunt's control:
// the instrumenter (trigger/instrument), the runtime instrumented code
// calls (trigger/rt) and the driver (trigger/driver). This package itself
// only embeds the runtime's source, which the instrumenter extracts next to
// the user's module.
package trigger

import (
	"bytes"
	"embed"
	"io/fs"
	"strings"
)

// RuntimeImportPath is the runtime's import path in this module; its
// subpackages (trigger/rt/wire) are below it.
const RuntimeImportPath = "github.com/deadhunt/deadhunt/trigger/rt"

// Relocate returns a runtime source file whose imports of the runtime's
// subpackages name them below modulePath, the module the runtime is
// extracted as ("deadhunt.dev/rt/wire" for modulePath "deadhunt.dev/rt").
func Relocate(src []byte, modulePath string) []byte {
	return bytes.ReplaceAll(src, []byte(`"`+RuntimeImportPath+`/`), []byte(`"`+modulePath+`/`))
}

//go:embed rt
var rtDir embed.FS

// RuntimeFiles returns the source files of the runtime package and of its
// subpackages, by slash-separated path below trigger/rt ("sched.go",
// "wire/config.go"): the .go and .s files, without tests and testdata.
// The runtime's imports of its subpackages still name RuntimeImportPath.
func RuntimeFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(rtDir, "rt", func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := e.Name()
		if e.IsDir() {
			if base == "testdata" {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(base, "_test.go") || !(strings.HasSuffix(base, ".go") || strings.HasSuffix(base, ".s")) {
			return nil
		}
		data, err := rtDir.ReadFile(name)
		if err != nil {
			return err
		}
		files[strings.TrimPrefix(name, "rt/")] = data
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}
