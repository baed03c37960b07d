package instrument

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// module is a user's module prepared for instrumented builds.
type module struct {
	dir      string // module root, where go test runs
	gomod    string // temporary go.mod requiring the runtime
	warnings []Warning
	err      error
}

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
	data, err := os.ReadFile(gomod)
	if err != nil {
		return err
	}
	text := string(data)
	goVersion := goVersionOf(text)
	if err := checkVendor(m.dir, path, goVersion, b.opts.GoFlags); err != nil {
		return err
	}
	if belowMin(goVersion) {
		m.warnings = append(m.warnings, Warning{Msg: oldGoWarning(goVersion)})
	}
	rtDir, err := b.extractRuntime(goVersion)
	if err != nil {
		return err
	}
	var workLines string
	var workSums []byte
	if b.goWork != "" {
		if workLines, workSums, err = workspaceMod(b.goWork, path, text); err != nil {
			return err
		}
	}
	text += fmt.Sprintf("\nrequire deadhunt.dev/rt v0.0.0\n\nreplace deadhunt.dev/rt => %s\n", rtDir) + workLines + b.replaceOthers()
	dir := filepath.Join(b.opts.WorkDir, "mod", strconv.Itoa(n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	m.gomod = filepath.Join(dir, "go.mod")
	if err := os.WriteFile(m.gomod, []byte(text), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	if sum = append(sum, workSums...); len(sum) == 0 {
		return nil
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// oldGoWarning says how a module at go version v (below minGo) is built.
func oldGoWarning(v string) string {
	says := "go.mod says go " + v
	if v == "" {
		says = "go.mod has no go directive (go 1.16)"
	}
	return fmt.Sprintf("%s; its rewritten files are built with go %s language semantics", says, minGo)
}
