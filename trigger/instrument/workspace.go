package instrument

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// A go.work is in effect for the packages (go test finds the workspace's
// other modules through it), but builds run with GOWORK=off, since
// -modfile cannot be used with a workspace. So the temporary go.mod of a
// module in the workspace gets what the workspace gave it: each other
// module it uses, required and replaced by its directory, and the
// workspace's replace directives; its go.sum, the other modules' and
// go.work.sum's lines. Those modules load as the user's (packages.Module
// Main), instrumented in place like a module replaced by a directory.

// workspaceMod returns the go.mod lines and the go.sum lines the
// workspace goWork adds to the go.mod text of module path.
func workspaceMod(goWork, path, text string) (string, []byte, error) {
	data, err := os.ReadFile(goWork)
	if err != nil {
		return "", nil, err
	}
	work, err := modfile.ParseWork(goWork, data, nil)
	if err != nil {
		return "", nil, err
	}
	own, err := modfile.ParseLax("go.mod", []byte(text), nil)
	if err != nil {
		return "", nil, err
	}
	required, replaced := map[string]bool{}, map[string]bool{}
	for _, r := range own.Require {
		required[r.Mod.Path] = true
	}
	for _, r := range own.Replace {
		replaced[r.Old.Path] = true
	}
	top := filepath.Dir(goWork)
	var lines []string
	sums, _ := os.ReadFile(filepath.Join(top, "go.work.sum"))
	for _, u := range work.Use {
		dir := u.Path
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(top, dir)
		}
		gomod := filepath.Join(dir, "go.mod")
		data, err := os.ReadFile(gomod)
		if err != nil {
			return "", nil, fmt.Errorf("workspace %s: %w", goWork, err)
		}
		used := modfile.ModulePath(data)
		if used == "" || used == path || replaced[used] {
			continue
		}
		if !required[used] {
			lines = append(lines, fmt.Sprintf("require %s v0.0.0", modfile.AutoQuote(used)))
		}
		lines = append(lines, fmt.Sprintf("replace %s => %s", modfile.AutoQuote(used), modfile.AutoQuote(dir)))
		if s, err := os.ReadFile(filepath.Join(dir, "go.sum")); err == nil {
			sums = append(sums, s...)
		}
	}
	for _, r := range work.Replace {
		if replaced[r.Old.Path] {
			continue
		}
		old, nw := r.Old.Path, r.New.Path
		if r.Old.Version != "" {
			old += " " + r.Old.Version
		}
		if r.New.Version != "" {
			nw += " " + r.New.Version
		} else if !filepath.IsAbs(nw) {
			nw = filepath.Join(top, nw) // a directory, relative to go.work
		}
		lines = append(lines, fmt.Sprintf("replace %s => %s", old, nw))
	}
	if len(lines) == 0 {
		return "", sums, nil
	}
	return "\n" + strings.Join(slices.Compact(lines), "\n") + "\n", sums, nil
}
