package instrument

import (
	"fmt"
	"go/version"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// minGo is the lowest language version instrumented code builds with: the
// generated helpers need generics and channel-direction-aware inference.
// It stays below 1.22 so that a module written for an older version keeps
// its loop-variable semantics (one variable per loop, not per iteration);
// the runtime module, which must not need a newer version than the user's,
// is written for 1.21.
const minGo = "1.21"

// module is a user's module prepared for instrumented builds.
type module struct {
	dir      string // module root, where go test runs
	gomod    string // temporary go.mod requiring the runtime
	warnings []Warning
	err      error
}

var goLine = regexp.MustCompile(`(?m)^go[ \t]+([0-9][0-9A-Za-z.\-]*)[ \t]*(//.*)?$`)

// moduleOf prepares the temporary go.mod of u's module, once per module.
func (b *builder) moduleOf(u *unit, mods map[string]*module) (*module, error) {
	mod := u.internal.Module
	if mod == nil || mod.GoMod == "" {
		return nil, fmt.Errorf("instrument: %s: not in a module (GOPATH mode is not supported)", u.path)
	}
	if m, ok := mods[mod.Dir]; ok {
		return m, m.err
	}
	m := &module{dir: mod.Dir}
	mods[mod.Dir] = m
	m.err = b.prepareModule(m, mod.Path, mod.GoMod, len(mods))
	if m.err != nil {
		m.err = fmt.Errorf("instrument: %s: %w", u.path, m.err)
	}
	return m, m.err
}

func (b *builder) prepareModule(m *module, path, gomod string, n int) error {
	if _, err := os.Stat(filepath.Join(m.dir, "vendor", "modules.txt")); err == nil && !hasModFlag(b.opts.GoFlags) {
		return fmt.Errorf("module %s is vendored; deadhunt adds a module and needs the module cache: build with -mod=mod", path)
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return err
	}
	text, goVersion, warn := raiseGo(string(data))
	if warn != "" {
		m.warnings = append(m.warnings, Warning{Msg: warn})
	}
	rtDir, err := b.extractRuntime(goVersion)
	if err != nil {
		return err
	}
	text += fmt.Sprintf("\nrequire deadhunt.dev/rt v0.0.0\n\nreplace deadhunt.dev/rt => %s\n", rtDir) + b.replaceOthers()
	dir := filepath.Join(b.opts.WorkDir, "mod", strconv.Itoa(n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	m.gomod = filepath.Join(dir, "go.mod")
	if err := os.WriteFile(m.gomod, []byte(text), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// raiseGo returns the go.mod text with its go directive raised to minGo if
// lower, the resulting version, and a warning if it was raised.
func raiseGo(text string) (string, string, string) {
	m := goLine.FindStringSubmatchIndex(text)
	if m == nil {
		return text + "\ngo " + minGo + "\n", minGo, "go.mod has no go directive; built with go " + minGo
	}
	v := text[m[2]:m[3]]
	if version.Compare("go"+v, "go"+minGo) >= 0 {
		return text, v, ""
	}
	return text[:m[2]] + minGo + text[m[3]:], minGo,
		fmt.Sprintf("go.mod says go %s; built with go %s language semantics", v, minGo)
}

func hasModFlag(flags []string) bool {
	for _, f := range flags {
		if strings.HasPrefix(f, "-mod=") || strings.HasPrefix(f, "--mod=") {
			return true
		}
	}
	return strings.Contains(os.Getenv("GOFLAGS"), "-mod=")
}
