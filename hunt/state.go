package hunt

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

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

// historyKeep is how many reports .deadhunt/history keeps.
const historyKeep = 20

// historyDir holds the last historyKeep reports confirm saved.
func historyDir(root string) string { return filepath.Join(stateDir(root), "history") }

// save writes a confirm report to .deadhunt/last.json and
// .deadhunt/history/, and first to Config.Out if set; witnesses' replay
// commands name the first file. Every file is written atomically. A hunt
// that ran no test replaces no report (only Config.Out is written):
// unsaved says why. A shard's hunt writes .deadhunt/shards/i-of-N.json
// instead of the last report and the history. It returns the files written, relative to Config.Dir
// when shorter.
func (p *pipeline) save(rep *report.Report, sum *driver.Summary) (saved []string, unsaved string, err error) {
	state := stateDir(p.root)
	if err := os.MkdirAll(state, 0o755); err != nil {
		return nil, "", err
	}
	if err := os.WriteFile(filepath.Join(state, ".gitignore"), []byte("*\n"), 0o644); err != nil {
		return nil, "", err
	}
	var paths []string
	switch {
	case !p.cfg.Shard.whole(): // a part, even an empty one: merge wants every shard's
		if err := os.MkdirAll(filepath.Dir(p.shardReport()), 0o755); err != nil {
			return nil, "", err
		}
		paths = []string{p.shardReport()}
	case hunted(sum):
		if err := os.MkdirAll(historyDir(p.root), 0o755); err != nil {
			return nil, "", err
		}
		paths = []string{filepath.Join(p.root, driver.DefaultReportPath),
			filepath.Join(historyDir(p.root), rep.Created.Format("2006-01-02T15-04-05.000000000Z")+".json")}
	default:
		unsaved = "no test was hunted: " + driver.DefaultReportPath + " was not replaced"
	}
	if p.cfg.Out != "" {
		paths = append([]string{within(p.cfg.Dir, p.cfg.Out)}, paths...)
	}
	if len(paths) == 0 {
		return nil, unsaved, nil
	}
	for i := range rep.Findings {
		if w := rep.Findings[i].Witness; w != nil {
			w.Replay = driver.ReplayCommand(shorter(p.cfg.Dir, paths[0]), rep.Findings[i].ID)
		}
	}
	var names []string
	for _, path := range paths {
		if err := rep.WriteFile(path); err != nil {
			return nil, "", err
		}
		if filepath.Dir(path) != historyDir(p.root) {
			names = append(names, shorter(p.cfg.Dir, path))
		}
	}
	return names, unsaved, pruneHistory(p.root)
}

// hunted reports whether the hunt ran any test.
func hunted(sum *driver.Summary) bool {
	for _, st := range sum.Tests {
		if st.Runs > 0 {
			return true
		}
	}
	return false
}

// history lists the reports of .deadhunt/history, oldest first.
func history(root string) []string {
	names, _ := filepath.Glob(filepath.Join(historyDir(root), "*.json"))
	slices.Sort(names) // the names are UTC times
	return names
}

// pruneHistory keeps the newest historyKeep reports.
func pruneHistory(root string) error {
	names := history(root)
	for len(names) > historyKeep {
		if err := os.Remove(names[0]); err != nil {
			return err
		}
		names = names[1:]
	}
	return nil
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
// relative to wd), or the last good one Confirm saved in wd's module root,
// named relative to wd when that is shorter: .deadhunt/last.json, unless
// that hunt was stopped and .deadhunt/history holds a complete one, which
// note then names. A named report outside any module has its directory as
// root.
func ReportPath(wd, name string) (root, path, note string, err error) {
	root, rootErr := moduleRoot(wd)
	if name == "" {
		if rootErr != nil {
			return "", "", "", rootErr
		}
		path = filepath.Join(root, driver.DefaultReportPath)
		if _, err := os.Stat(path); err != nil {
			return "", "", "", fmt.Errorf("no report given and none at %s: run deadhunt confirm first", path)
		}
		if good, ok := lastComplete(root, path); ok && good != path {
			note = fmt.Sprintf("%s is of a hunt that was stopped; opening %s, the last complete report (name the other to see it)",
				shorter(wd, path), shorter(wd, good))
			path = good
		}
		return root, shorter(wd, path), note, nil
	}
	if rootErr != nil {
		dir := within(wd, filepath.Dir(name))
		if root, rootErr = moduleRoot(dir); rootErr != nil {
			root = dir
		}
	}
	return root, name, "", nil
}

// lastComplete is last if its hunt ran to its end, else the newest
// complete report of the history; ok is false when there is none.
func lastComplete(root, last string) (path string, ok bool) {
	if rep, err := report.ReadFile(last); err != nil || rep.Interrupted == nil {
		return last, true
	}
	names := history(root)
	for i := len(names) - 1; i >= 0; i-- {
		if rep, err := report.ReadFile(names[i]); err == nil && rep.Interrupted == nil {
			return names[i], true
		}
	}
	return "", false
}
