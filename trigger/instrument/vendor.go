package instrument

import (
	"fmt"
	"go/version"
	"os"
	"path/filepath"
	"strings"
)

// Vendor mode cannot build instrumented code: the go command reads
// vendor/modules.txt and the vendored files without overlays, and the
// runtime module and the copies of other modules are not in it. So a
// module the go command would build from vendor/ is refused, with the
// flag that builds it from the module cache instead.

// checkVendor returns why the module at dir, whose go.mod says go
// version goVersion, cannot be built with flags, or nil.
func checkVendor(dir, path, goVersion string, flags []string) error {
	mode, from := modFlag(flags)
	vendored := fileExists(filepath.Join(dir, "vendor", "modules.txt"))
	switch {
	case mode == "vendor":
		return fmt.Errorf("module %s: %s is not supported: deadhunt adds its runtime module, which the vendor directory lacks; build from the module cache with GOFLAGS=-mod=mod", path, from)
	case mode == "" && vendored && version.Compare("go"+goVersion, "go1.14") >= 0:
		return fmt.Errorf("module %s is vendored and the go command builds it from vendor/, which cannot hold deadhunt's runtime module; build from the module cache with GOFLAGS=-mod=mod", path)
	}
	return nil
}

// modFlag is the -mod value in effect, the last of the build flags or
// else of GOFLAGS, and the flag as given ("GOFLAGS=-mod=vendor"); "" if
// neither sets it.
func modFlag(flags []string) (mode, from string) {
	last := func(fs []string) string {
		v := ""
		for _, f := range fs {
			if rest, ok := strings.CutPrefix(strings.TrimLeft(f, "-"), "mod="); ok {
				v = rest
			}
		}
		return v
	}
	if v := last(flags); v != "" {
		return v, "-mod=" + v
	}
	if v := last(strings.Fields(os.Getenv("GOFLAGS"))); v != "" {
		return v, "GOFLAGS=-mod=" + v
	}
	return "", ""
}
