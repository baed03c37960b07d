package hunt

import (
	"errors"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Merge reads the reports of a hunt's shards (confirm --shard i/N) and
// joins them (report.Merge) into the report one hunt would have written,
// with the suppressions of the module at root (none if root is "")
// applied, and says how that hunt would have ended. If out is not "",
// the witnesses' replay commands name it.
func Merge(root, out string, names ...string) (*report.Report, Verdict, error) {
	if len(names) == 0 {
		return nil, 0, errors.New("merge: no reports named")
	}
	reps := make([]*report.Report, len(names))
	for i, name := range names {
		rep, err := report.ReadFile(name)
		if err != nil {
			return nil, 0, err
		}
		reps[i] = rep
	}
	rep, err := report.Merge(reps...)
	if err != nil {
		return nil, 0, err
	}
	if root != "" {
		if err := ApplySuppressions(rep, root); err != nil {
			return nil, 0, err
		}
	}
	for i := range rep.Findings {
		if w := rep.Findings[i].Witness; w != nil && out != "" {
			w.Replay = driver.ReplayCommand(out, rep.Findings[i].ID)
		}
	}
	return rep, verdict(rep), nil
}

// ModuleRoot is the directory of the go.mod governing dir, "" if none.
func ModuleRoot(dir string) string {
	root, err := moduleRoot(dir)
	if err != nil {
		return ""
	}
	return root
}
