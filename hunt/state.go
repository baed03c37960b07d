package hunt

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/suppress"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// moduleRoot is the directory of the go.mod governing dir: it holds
// deadhunt's state directory, .deadhunt.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or any parent: deadhunt works on a Go module", dir)
		}
	}
}

// stateDir is deadhunt's state directory in a module root.
func stateDir(root string) string { return filepath.Join(root, suppress.Dir) }

// traceDir is where the recording's traces go: .deadhunt/traces in the
// module root.
func traceDir(root string) string { return filepath.Join(stateDir(root), "traces") }

// ApplySuppressions marks the findings listed in the module's suppression
// file (.deadhunt/ignore.json) ignored: they do not count for Confirm's
// verdict, annotations skip them and SARIF marks them suppressed.
func ApplySuppressions(rep *report.Report, root string) error {
	set, err := suppress.Load(root)
	if err != nil {
		return err
	}
	set.Apply(rep.Findings)
	return nil
}

// save writes a confirm report to .deadhunt/last.json and, first, to
// Config.Out if set; witnesses' replay commands name the first file. It
// returns the files written, relative to Config.Dir when shorter.
func (p *pipeline) save(rep *report.Report) ([]string, error) {
	state := stateDir(p.root)
	if err := os.MkdirAll(state, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(state, ".gitignore"), []byte("*\n"), 0o644); err != nil {
		return nil, err
	}
	paths := []string{filepath.Join(p.root, driver.DefaultReportPath)}
	if p.cfg.Out != "" {
		paths = append([]string{within(p.cfg.Dir, p.cfg.Out)}, paths...)
	}
	for i := range rep.Findings {
		if w := rep.Findings[i].Witness; w != nil {
			w.Replay = driver.ReplayCommand(shorter(p.cfg.Dir, paths[0]), rep.Findings[i].ID)
		}
	}
	names := make([]string, len(paths))
	for i, path := range paths {
		if err := rep.WriteFile(path); err != nil {
			return nil, err
		}
		names[i] = shorter(p.cfg.Dir, path)
	}
	return names, nil
}

// within names a file given relative to dir (absolute names stay).
func within(dir, name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(dir, name)
}

// shorter names path relative to dir when that is shorter, for readable
// titles and replay commands.
func shorter(dir, path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(dir, path); err == nil && len(rel) < len(path) {
		return rel
	}
	return path
}

// ReportPath finds, from the working directory wd, the report to review
// and the module root it belongs to: the report named (name not "",
// relative to wd), or the last one Confirm saved, .deadhunt/last.json in
// wd's module root, named relative to wd when that is shorter. A named
// report outside any module has its directory as root.
func ReportPath(wd, name string) (root, path string, err error) {
	root, rootErr := moduleRoot(wd)
	if name == "" {
		if rootErr != nil {
			return "", "", rootErr
		}
		path = filepath.Join(root, driver.DefaultReportPath)
		if _, err := os.Stat(path); err != nil {
			return "", "", fmt.Errorf("no report given and none at %s: run deadhunt confirm first", path)
		}
		return root, shorter(wd, path), nil
	}
	if rootErr != nil {
		dir := within(wd, filepath.Dir(name))
		if root, rootErr = moduleRoot(dir); rootErr != nil {
			root = dir
		}
	}
	return root, name, nil
}
