package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// result is what one module showed; saved as JSON under -out/results so
// that -summary can join the modules tried one by one.
type result struct {
	Module, Version   string
	Error             string            `json:",omitempty"` // the module could not be tried
	PlainPkgs, DHPkgs int               // test packages built
	PlainNotBuilt     []string          `json:",omitempty"` // go test's build failures
	NotBuilt          []string          `json:",omitempty"` // built by go test, not by deadhunt
	DHErrors          []string          `json:",omitempty"` // deadhunt's report's errors, verbatim
	Plain             map[string]string // test → go test's action
	DH                map[string]string // test → deadhunt's outcome line
	PlainWall, DHWall time.Duration
	ShardWalls        []time.Duration `json:",omitempty"` // a hunt in shards: each one's
	PlainTimedOut     bool            `json:",omitempty"`
	Interrupted       bool            `json:",omitempty"`
	NotReached        []string        `json:",omitempty"` // "pkg Test" the interrupted hunt never started
	NoLine            []string        `json:",omitempty"` // "pkg Test" hunted (in the report) but with no outcome line printed
	Confirmed         []string
	Stops             map[string]int `json:"-"` // why the tests' hunts stopped → tests (the report's)
}

func (r *result) readReport(path string) error {
	rep, err := report.ReadFile(path)
	if err != nil {
		return fmt.Errorf("report: %v", err)
	}
	r.Interrupted = rep.Interrupted != nil
	// A package deadhunt built: one with a test line, a test the
	// interrupted hunt had listed, or an error naming a test.
	built := map[string]bool{}
	for k := range r.DH {
		pkg, _, _ := strings.Cut(k, " ")
		built[pkg] = true
	}
	if rep.Interrupted != nil {
		for _, t := range append(rep.Interrupted.CutShort, rep.Interrupted.NotHunted...) {
			built[t.Package] = true
		}
		for _, t := range rep.Interrupted.NotHunted {
			r.NotReached = append(r.NotReached, t.Package+" "+t.Test)
		}
	}
	for _, e := range rep.Errors {
		r.DHErrors = append(r.DHErrors, e.Error())
		if e.Test != "" {
			built[e.Package] = true
		}
	}
	// An interrupted deadhunt may be stopped before it prints the tests'
	// lines; its report still lists the tests it hunted.
	for _, t := range rep.Tests {
		k := t.Package + " " + t.Test
		if _, ok := r.DH[k]; !ok && !slices.Contains(r.NotReached, k) {
			r.NoLine = append(r.NoLine, k)
			built[t.Package] = true
		}
	}
	r.DHPkgs = len(built)
	r.Stops = map[string]int{}
	for _, t := range rep.Tests {
		r.Stops[cmp.Or(t.Stop, "none (fails on its own or cut short)")]++
	}
	for k := range r.Plain {
		pkg, _, _ := strings.Cut(k, " ")
		if !built[pkg] && !slices.Contains(r.NotBuilt, pkg) {
			r.NotBuilt = append(r.NotBuilt, pkg)
		}
	}
	slices.Sort(r.NotBuilt)
	for _, f := range rep.Findings {
		if f.Status == report.Confirmed {
			r.Confirmed = append(r.Confirmed, fmt.Sprintf("%s %s (%s)", f.ID, f.Kind, f.Test))
		}
	}
	return nil
}

// differs lists the tests whose outcome under deadhunt is not plain go
// test's: a test that passed plainly with a run that did not pass, a
// test that failed plainly whose runs all passed, a test not hunted
// (unless the hunt was interrupted at the bound before it).
func (r *result) differs() []string {
	var d []string
	for k, plain := range r.Plain {
		line, ok := r.DH[k]
		_, test, _ := strings.Cut(k, " ")
		switch {
		case slices.Contains(r.NotReached, k), slices.Contains(r.NoLine, k): // counted apart: the bound, not deadhunt
		case !ok && plain != "skip":
			d = append(d, test+": not hunted")
		case !ok:
		case plain == "pass" && !allPass(line):
			d = append(d, test+": "+brief(line))
		case plain == "fail" && allPass(line):
			d = append(d, test+": fails plainly, "+brief(line))
		}
	}
	slices.Sort(d)
	return d
}

// brief keeps of an outcome line its runs' outcomes, and why the hunt
// stopped only when its plain run decided it (the orderings and the
// Good–Turing estimate do not fit a table's cell).
func brief(line string) string {
	runs, why, _ := strings.Cut(line, "; ")
	if strings.Contains(why, "plain run") {
		return runs + ", " + why
	}
	return runs
}

const smallHeader = "| module | test packages: go test / deadhunt | tests | plain `go test` | `deadhunt confirm` | outcomes differ | confirmed |\n|---|---|---|---|---|---|---|"

func (r *result) row(m module) string {
	if r.Error != "" {
		return fmt.Sprintf("| %s | error: %s |||||", m.name, r.Error)
	}
	return "| " + strings.Join(r.cells(m), " | ") + " |"
}

// cells are row's cells: module, test packages, tests, the plain and the
// hunt's wall times, the outcomes that differ, the confirmed findings.
func (r *result) cells(m module) []string {
	pkgs := fmt.Sprintf("%d / %d", r.PlainPkgs, r.DHPkgs)
	if len(r.NotBuilt) > 0 {
		pkgs += " (not built: " + strings.Join(r.NotBuilt, ", ") + ")"
	}
	if len(r.PlainNotBuilt) > 0 {
		pkgs += " (go test did not build: " + strings.Join(r.PlainNotBuilt, ", ") + ")"
	}
	plainWall := r.PlainWall.Round(100 * time.Millisecond).String()
	if r.PlainTimedOut {
		plainWall += " (cut at the bound)"
	}
	dhWall := r.DHWall.Round(100 * time.Millisecond).String()
	if r.Interrupted {
		dhWall += fmt.Sprintf(" (interrupted at the bound, %d tests not reached", len(r.NotReached))
		if len(r.NoLine) > 0 {
			dhWall += fmt.Sprintf(", %d hunted with no outcome line printed", len(r.NoLine))
		}
		dhWall += ")"
	}
	return []string{m.path + " " + r.Version, pkgs, fmt.Sprint(len(r.Plain)), plainWall, dhWall, orNone(r.differs()), orNone(r.Confirmed)}
}

// table is the header and row of a table of the small or the large set.
func table(large bool) (header string, row func(*result, module) string) {
	if large {
		return largeHeader, (*result).largeRow
	}
	return smallHeader, (*result).row
}

const largeHeader = "| module | test packages: go test / deadhunt | tests | plain `go test` | `deadhunt confirm` (shards) | × plain | why the hunts stopped | outcomes differ | confirmed |\n|---|---|---|---|---|---|---|---|---|"

// largeRow is row for a large system's suite: the cost against plain go
// test, the shards' walls and why each test's hunt stopped, besides.
func (r *result) largeRow(m module) string {
	if r.Error != "" {
		return fmt.Sprintf("| %s | error: %s ||||||||", m.name, r.Error)
	}
	c := r.cells(m)
	if len(r.ShardWalls) > 1 {
		walls := make([]string, len(r.ShardWalls))
		for i, w := range r.ShardWalls {
			walls[i] = w.Round(time.Second).String()
		}
		c[4] += " (" + strings.Join(walls, ", ") + ")"
	}
	ratio := "-"
	if r.PlainWall > 0 {
		ratio = fmt.Sprintf("%.1f×", r.DHWall.Seconds()/r.PlainWall.Seconds())
	}
	var stops []string
	for _, s := range slices.Sorted(maps.Keys(r.Stops)) {
		stops = append(stops, fmt.Sprintf("%s %d", s, r.Stops[s]))
	}
	c = slices.Insert(c, 5, ratio, orNone(stops))
	return "| " + strings.Join(c, " | ") + " |"
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "; ")
}

// save writes r to out/results/<module>.json.
func (r *result) save(out string) error {
	b, err := json.MarshalIndent(r, "", "\t")
	if err != nil {
		return err
	}
	dir := filepath.Join(out, "results")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, r.Module+".json"), b, 0o644)
}

// load reads the result saved for module name (nil if none was) and
// reads its deadhunt report again, so what is derived from it follows
// this script's current reading.
func load(out, name string) (*result, error) {
	b, err := os.ReadFile(filepath.Join(out, "results", name+".json"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r := new(result)
	if err := json.Unmarshal(b, r); err != nil || r.Error != "" {
		return r, err
	}
	r.NotBuilt, r.DHErrors, r.NotReached, r.NoLine, r.Confirmed = nil, nil, nil, nil, nil
	return r, r.readReport(filepath.Join(out, name+".json"))
}
