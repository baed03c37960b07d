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

// modFlag is the -mod value in effect and the flag as given
// ("GOFLAGS=-mod=vendor"); "" if nothing sets it (buildFlag).
func modFlag(flags []string) (mode, from string) {
	mode, from, _ = buildFlag(flags, "mod")
	return mode, from
}

// buildFlag is the build flag name in effect: the last of flags that sets
// it, or else of GOFLAGS; its value (-name=value), the flag as given
// ("-name=value", "GOFLAGS=-name=value"), and whether either sets it.
func buildFlag(flags []string, name string) (value, from string, set bool) {
	last := func(fs []string) (v string, ok bool) {
		for _, f := range fs {
			if n, rest, _ := strings.Cut(strings.TrimLeft(f, "-"), "="); n == name {
				v, ok = rest, true
			}
		}
		return v, ok
	}
	if v, ok := last(flags); ok {
		return v, "-" + name + "=" + v, true
	}
	if v, ok := last(strings.Fields(os.Getenv("GOFLAGS"))); ok {
		return v, "GOFLAGS=-" + name + "=" + v, true
	}
	return "", "", false
}
