package driver

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// findingID is the stable ID of a deadlock found in package pkg: the
// report's hash of its kind, the package and its distinct lock classes (an
// AB-BA cycle between two instances of one class has one class). Blocked
// goroutines without locks (a leak) are told apart by where they were
// created instead, so that two leaks are two findings.
func findingID(pkg string, d *wire.Deadlock) string {
	if cs := distinctClasses(d); len(cs) > 0 || d.Kind != report.Blocked {
		return report.ComputeID(d.Kind, pkg, cs)
	}
	var created []string
	for _, g := range d.Goroutines {
		if !g.Created.IsZero() {
			created = append(created, fmt.Sprintf("created %s:%d:%d", filepath.Base(g.Created.File), g.Created.Line, g.Created.Col))
		}
	}
	slices.Sort(created)
	return report.ComputeID(d.Kind, pkg, slices.Compact(created))
}

func distinctClasses(d *wire.Deadlock) []string {
	cs := d.Classes()
	slices.Sort(cs)
	return slices.Compact(cs)
}

// makeFinding turns a confirmed deadlock into a report finding. runs is
// the number of runs the test's hunt made.
func makeFinding(pkg *Package, test string, c *seenDeadlock, runs int, args []string) report.Finding {
	rn := c.witness
	d := rn.Result.Deadlock
	f := report.Finding{
		ID:         c.id,
		Kind:       d.Kind,
		Status:     report.Confirmed,
		Package:    pkg.ImportPath,
		Test:       test,
		Message:    d.Message,
		Evidence:   []report.Evidence{report.Dynamic},
		Locks:      d.Locks,
		Edges:      d.Edges,
		Goroutines: d.Goroutines,
		Lingering:  d.Lingering,
		Timeout:    d.Timeout,
	}
	if f.Locks == nil {
		f.Locks = []report.Lock{}
	}
	f.Witness = &report.Witness{
		Strategy:    rn.Config.Strategy,
		Seed:        rn.Config.Seed,
		Params:      params(rn.Config),
		Runs:        runs,
		Hits:        c.hits,
		Schedule:    rn.Result.Schedule,
		Draws:       rn.Result.Draws,
		ClockBase:   rn.Result.ClockBase,
		Replay:      ReplayCommand(DefaultReportPath, c.id),
		Package:     pkg.ImportPath,
		Test:        test,
		Args:        args,
		Fingerprint: pkg.Fingerprint,
	}
	if rn.Aim != "" { // the prediction whose aim led to it
		f.Witness.Params["aim"] = rn.Aim
	}
	return f
}

func params(cfg wire.Config) map[string]string {
	p := map[string]string{}
	set := func(k string, v int) {
		if v != 0 {
			p[k] = strconv.Itoa(v)
		}
	}
	set("depth", cfg.Depth)
	set("radius", cfg.Radius)
	set("steps", cfg.Steps)
	set("goroutines", cfg.Goroutines)
	set("end_steps", cfg.EndSteps)
	if t := cfg.Target; t != nil {
		p["target"] = strings.Join(slices.Concat(t.Classes, t.Sites), " ")
	}
	return p
}

// DefaultReportPath is where deadhunt confirm always saves its report,
// relative to the module root.
const DefaultReportPath = ".deadhunt/last.json"

// ReplayCommand is the command line that replays finding id of a report.
func ReplayCommand(reportPath, id string) string {
	return fmt.Sprintf("deadhunt replay %s%s", reportPath, findingArg(id))
}

// ReplayAllCommand is the command line that replays every confirmed
// finding of the report whose finding id replay replays (ReplayCommand's
// line); false if replay is not such a line.
func ReplayAllCommand(replay, id string) (string, bool) {
	return strings.CutSuffix(replay, findingArg(id))
}

func findingArg(id string) string { return " --finding " + id }
