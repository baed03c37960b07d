package instrument

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// Packages of other modules (the module cache's, not the tested modules
// nor modules replaced by a directory) that the tests reach are
// instrumented too when they synchronize: their locks and channels (a
// pool blocking on golang.org/x/sync/semaphore) would otherwise block
// outside control. The go command refuses overlays of files beneath
// GOMODCACHE, so each such module is copied once into the cache directory
// (moduleCopy: at a path that stays, for the build cache) and
// the temporary go.mod replaces it by the copy (same content, same go.mod);
// the overlay then holds the rewritten files of the copy. If a package
// under test does not build with them, it is built again without them,
// with a warning that names a blind spot.

// syncs reports whether a package of another module is worth
// instrumenting: it imports sync, or its source uses channels or go
// statements, or makes timers or contexts that end in time (a wrapper
// such as golang.org/x/net/context's WithTimeout: left alone, the
// context it makes expires in real time while the test's clock is
// virtual, and what waits on it waits outside the scheduler's view).
func syncs(p *packages.Package) bool {
	if p.Imports["sync"] != nil {
		return true
	}
	timed := p.Imports["time"] != nil || p.Imports["context"] != nil
	for _, f := range p.GoFiles {
		data, err := os.ReadFile(f)
		if err == nil && (chanOrGo.Match(data) || timed && timers.Match(data)) {
			return true
		}
	}
	return false
}

var (
	chanOrGo = regexp.MustCompile(`\bchan\b|\bgo\s+(func\b|[\w.]+\()`)
	timers   = regexp.MustCompile(`\b(context\.With(Timeout|Deadline|Cancel)\w*|context\.AfterFunc|time\.(After|AfterFunc|NewTimer|NewTicker|Tick|Sleep))\(`)
)

// otherModule reports whether p is a package of a module in the module
// cache (not the standard library, a tested module or a local
// replacement). A module replaced by another module version is left
// alone: the temporary go.mod cannot replace it a second time.
func otherModule(p *packages.Package, tested map[string]bool) bool {
	return p.Module != nil && p.Module.Replace == nil && p.Module.Dir != "" && !localModule(p.Module, tested) &&
		!strings.HasSuffix(p.PkgPath, ".test") && !strings.HasSuffix(p.PkgPath, "_test")
}

// otherPath is where file name of an other module's package u is built
// from: in the module's copy, made on first use.
func (b *builder) otherPath(u *unit, name string) (string, error) {
	mod := u.internal.Module
	dir, ok := b.otherMods[mod.Path]
	if !ok {
		var err error
		if dir, err = b.moduleCopy(mod); err != nil {
			return "", fmt.Errorf("instrument: copying module %s: %w", mod.Path, err)
		}
		b.otherMods[mod.Path] = dir
	}
	rel, err := filepath.Rel(mod.Dir, name)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, rel), nil
}

// moduleCopy is the copy of the module at dir (in the module cache, so
// never changed) that instrumented builds replace it with: made once in
// the cache directory and kept, at a path that does not change between
// builds. A package's directory is part of its build's cache key, so a
// copy at a new path for each build compiled the module and everything
// that imports it again every time. The copy's go.mod is the one the go
// command uses for the module (goModOf).
func (b *builder) moduleCopy(mod *packages.Module) (string, error) {
	gomod, err := goModOf(mod)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(mod.Dir + "\x00" + gomod))
	return b.cacheEntry("mod-"+hex.EncodeToString(sum[:])[:16], copiedMark, func(tmp string) error {
		if err := copyModule(mod.Dir, tmp); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(gomod), 0o644); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(tmp, copiedMark), []byte(mod.Dir+"\n"), 0o644)
	})
}

// goModOf is the go.mod the go command uses for a module of the module
// cache: the download cache's .mod file, which it synthesizes as "module
// path" for a module that ships none (an old one, or a +incompatible
// version); a directory replacement needs one, with no go line (go 1.16
// semantics) as the go command assumes.
func goModOf(mod *packages.Module) (string, error) {
	if mod.GoMod != "" {
		data, err := os.ReadFile(mod.GoMod)
		if err == nil {
			return string(data), nil
		} else if !os.IsNotExist(err) {
			return "", err
		}
	}
	if data, err := os.ReadFile(filepath.Join(mod.Dir, "go.mod")); err == nil {
		return string(data), nil
	}
	return "module " + modfile.AutoQuote(mod.Path) + "\n", nil
}

// copiedMark is the file a finished module copy holds: the module's
// directory in the module cache.
const copiedMark = ".deadhunt-copied"

// OriginalFile maps a file of a module copy (moduleCopy), as the stacks
// of an instrumented build name it, back to the module cache's, which a
// user can open; any other file is returned as it is.
func OriginalFile(file string) string {
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if orig := copyOrigin(dir); orig != "" {
			if rel, err := filepath.Rel(dir, file); err == nil {
				return filepath.Join(orig, rel)
			}
			return file
		}
		if filepath.Dir(dir) == dir {
			return file
		}
	}
}

var origins sync.Map // a module copy's directory → the module's ("" for another directory)

// copyOrigin returns the module directory that dir is a copy of, or "".
func copyOrigin(dir string) string {
	if !strings.HasPrefix(filepath.Base(dir), "mod-") {
		return ""
	}
	if v, ok := origins.Load(dir); ok {
		return v.(string)
	}
	orig := ""
	if data, err := os.ReadFile(filepath.Join(dir, copiedMark)); err == nil {
		orig = strings.TrimSpace(string(data))
	}
	origins.Store(dir, orig)
	return orig
}

// copyModule copies a module's tree, without nested modules and VCS
// directories, into dst, writable (testdata stays: a package may embed it).
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if rel != "." && (d.Name() == ".git" || fileExists(filepath.Join(p, "go.mod"))) {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// replaceOthers is the temporary go.mod's replace directives for the
// copied modules.
func (b *builder) replaceOthers() string {
	var s strings.Builder
	for _, path := range slices.Sorted(maps.Keys(b.otherMods)) {
		fmt.Fprintf(&s, "\nreplace %s => %s\n", path, b.otherMods[path])
	}
	return s.String()
}

// withoutOthers writes the overlay without the files of other modules'
// packages, for a retry; "" if there are none.
func (b *builder) withoutOthers() (string, error) {
	if len(b.others) == 0 {
		return "", nil
	}
	all := b.overlay
	defer func() { b.overlay = all }()
	b.overlay = map[string]string{}
	for k, v := range all {
		if !b.others[k] {
			b.overlay[k] = v
		}
	}
	return b.writeOverlayAs("overlay-local.json")
}

// retryLocal builds u again without the other modules' packages
// instrumented, after a build with them failed; it returns the binary and
// a warning, or "" if that fails too.
func (b *builder) retryLocal(ctx context.Context, u *unit, m *module, bin, failure string) string {
	if b.localOverlay == "" {
		return ""
	}
	if _, err := b.goTestCached(ctx, m, b.localOverlay, []*unit{u}); err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(failure), "\n")
	first := lines[0]
	if len(lines) > 1 {
		first = lines[1] // the go command's "# pkg" header comes first
	}
	mods := slices.Sorted(maps.Keys(b.otherMods))
	u.pkg.Warnings = append(u.pkg.Warnings, Warning{Msg: fmt.Sprintf("%s %s: the build failed with them instrumented (%s)",
		OthersUninstrumented, strings.Join(mods, ", "), first)})
	return bin
}

// OthersUninstrumented starts the warning of a package built without the
// packages of other modules instrumented.
const OthersUninstrumented = "packages of other modules left uninstrumented:"
