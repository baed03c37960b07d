// Command gokerbench runs deadhunt over GoBench's GoKer kernels — the 68
// blocking ones and the 35 non-blocking ones as clean cases — through the
// goker-eval harness (../shared/goker/README.md), and writes the table of
// BENCHMARKS.md's GoKer section: kernels confirmed by category, runs to
// confirm, what plain stress shows that deadhunt does not, the
// non-blocking kernels' confirmations with the goroutine each leaves
// blocked, and the published figures beside them. Not part of go test
// ./...: it needs a GoBench mirror and about 15 minutes.
//
//	go run ./hunt/internal/gokerbench -mirror $M [-out /tmp/gokerbench] [-write BENCHMARKS.md]
package main

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// published are the best figures the field reports on the 68, as the
// issue tracker cites them (no run of ours).
const published = "GoPie 66 of 68; GoAT 66 of 67 within 100 runs (first detection at run 1.95 on average, 14 at worst)"

// Markers delimit the generated table in the file -write names.
const (
	beginMark = "<!-- gokerbench:begin -->"
	endMark   = "<!-- gokerbench:end -->"
)

func main() {
	mirror := flag.String("mirror", "", "GoBench git directory (the search tool's fetch of github:timmyyuan/gobench)")
	harness := flag.String("harness", "../shared/goker/goker-eval", "the goker-eval harness")
	stress := flag.String("stress", "../shared/goker/baseline/default/results.csv", "plain stress's results.csv (goker-eval baseline-stress --runs 100)")
	out := flag.String("out", "/tmp/gokerbench", "work directory")
	runs := flag.Int("runs", 20, "deadhunt confirm --runs")
	filter := flag.String("filter", "", "only kernels whose id matches this regexp (goker-eval --filter)")
	write := flag.String("write", "", "replace the table between the gokerbench markers of this file (BENCHMARKS.md)")
	flag.Parse()
	if *mirror == "" {
		fatal(fmt.Errorf("-mirror is required: the GoBench git directory"))
	}
	dh, err := filepath.Abs(filepath.Join(*out, "dh"))
	if err != nil {
		fatal(err)
	}
	if err := run(nil, "go", "build", "-o", dh, "github.com/deadhunt/deadhunt/cmd/deadhunt"); err != nil {
		fatal(err)
	}
	var suites [2]*suite
	for i, name := range []string{"blocking", "nonblocking"} {
		dir := filepath.Join(*out, name)
		args := []string{"tool", "--mirror", *mirror, "--work", filepath.Join(*out, "goker"), "--out", dir,
			"--cmd", fmt.Sprintf("cd {dir} && DEADHUNT_CACHE=off %s confirm --runs %d -o {out}/report.json .", dh, *runs),
			"--timeout", "300s", "--detected-exit", "3", "--parallel", "1"}
		if *filter != "" {
			args = append(args, "--filter", *filter)
		}
		if err := run([]string{"GOKER_SUITE=" + name}, *harness, args...); err != nil {
			fatal(err)
		}
		if suites[i], err = readSuite(dir); err != nil {
			fatal(err)
		}
	}
	shown, err := stressShown(*stress)
	if err != nil {
		fatal(err)
	}
	commit, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	table := render(suites[0], suites[1], shown, strings.TrimSpace(string(commit)), *runs)
	fmt.Print(table)
	if *write != "" {
		if err := replaceBetween(*write, table); err != nil {
			fatal(err)
		}
	}
}

// kernel is one kernel's result: whether deadhunt confirmed a deadlock,
// the runs its witness took, the wall time, and the first confirmed
// finding (for the non-blocking table).
type kernel struct {
	id, category string
	confirmed    bool
	runs         int // the test's runs when its witness was recorded
	at           int // the confirming run's place in the hunt's order (report.TestRun.ConfirmedAt)
	wall         float64
	finding      *report.Finding
}

type suite struct{ kernels []kernel }

// readSuite reads goker-eval's results.csv in dir and each kernel's report.
func readSuite(dir string) (*suite, error) {
	rows, err := readCSV(filepath.Join(dir, "results.csv"))
	if err != nil {
		return nil, err
	}
	s := &suite{}
	for _, r := range rows {
		k := kernel{id: r["id"], category: r["category"], confirmed: r["detected"] == "1"}
		k.wall, _ = strconv.ParseFloat(r["total_wall_s"], 64)
		if rep, err := report.ReadFile(filepath.Join(dir, "outputs", k.id, "report.json")); err == nil {
			for i := range rep.Findings {
				if f := &rep.Findings[i]; f.Status == report.Confirmed && f.Witness != nil {
					if k.finding == nil || f.Witness.Runs < k.runs {
						k.finding, k.runs = f, f.Witness.Runs
					}
				}
			}
			for _, t := range rep.Tests { // the run that confirmed, in the hunt's order
				if t.ConfirmedAt > 0 && (k.at == 0 || t.ConfirmedAt < k.at) {
					k.at = t.ConfirmedAt
				}
			}
		}
		s.kernels = append(s.kernels, k)
	}
	return s, nil
}

// stressShown lists the kernels plain stress manifested at least once.
func stressShown(name string) (map[string]bool, error) {
	rows, err := readCSV(name)
	if err != nil {
		return nil, err
	}
	shown := map[string]bool{}
	for _, r := range rows {
		if n, _ := strconv.Atoi(r["manifested"]); n > 0 {
			shown[r["id"]] = true
		}
	}
	return shown, nil
}

// render writes the GoKer section's tables.
func render(block, nonblock *suite, shown map[string]bool, commit string, runs int) string {
	var b strings.Builder
	byCat := map[string][2]int{}
	var runsTo []int
	var slow, missed, stressOnly []string
	wall := 0.0
	for _, k := range block.kernels {
		c := byCat[k.category]
		c[1]++
		wall += k.wall
		if k.confirmed {
			c[0]++
			at := cmp.Or(k.at, k.runs) // reports before confirmed_at: the test's runs
			runsTo = append(runsTo, at)
			if at > 5 {
				slow = append(slow, fmt.Sprintf("%s %d (%d made)", k.id, at, k.runs))
			}
		} else {
			missed = append(missed, k.id)
			if shown[k.id] {
				stressOnly = append(stressOnly, k.id)
			}
		}
		byCat[k.category] = c
	}
	slices.Sort(runsTo)
	confirmed := len(runsTo)
	var cats []string
	for c, n := range byCat {
		cats = append(cats, fmt.Sprintf("%s %d/%d", strings.ToLower(strings.TrimSuffix(c, " Deadlock")), n[0], n[1]))
	}
	slices.Sort(cats)
	fmt.Fprintf(&b, "%s\n\n| figure | result | commit |\n|---|---|---|\n", beginMark)
	fmt.Fprintf(&b, "| blocking kernels confirmed, `--runs %d` (published: %s) | %d of %d: %s; %.0f s in all | %s |\n",
		runs, published, confirmed, len(block.kernels), strings.Join(cats, ", "), wall, commit)
	if confirmed > 0 {
		fmt.Fprintf(&b, "| runs to confirm: the confirming run's place in the hunt's order, plain and calibration included (made: with those run beside it meanwhile) | median %d, worst %d; over 5: %s | %s |\n",
			runsTo[(confirmed-1)/2], runsTo[confirmed-1], cmp.Or(strings.Join(slow, ", "), "none"), commit)
	}
	fmt.Fprintf(&b, "| not confirmed | %s | %s |\n", cmp.Or(strings.Join(missed, ", "), "none"), commit)
	fmt.Fprintf(&b, "| plain stress (100 runs, leak check) shows, deadhunt does not | %s | %s |\n", cmp.Or(strings.Join(stressOnly, ", "), "none: a superset"), commit)
	var falses []string
	for _, k := range nonblock.kernels {
		if k.confirmed && k.finding != nil {
			falses = append(falses, fmt.Sprintf("%s (%s)", k.id, blockedAt(k.finding)))
		} else if k.confirmed {
			falses = append(falses, k.id)
		}
	}
	fmt.Fprintf(&b, "| non-blocking kernels with a confirmation (each a goroutine its test leaves blocked for good) | %d of %d: %s | %s |\n\n%s\n",
		len(falses), len(nonblock.kernels), cmp.Or(strings.Join(falses, "; "), "none"), commit, endMark)
	return b.String()
}

// blockedAt says where a finding's first goroutine is blocked: "waits for
// receive from channel … at file.go:12".
func blockedAt(f *report.Finding) string {
	for _, g := range f.Goroutines {
		at := ""
		if len(g.Stack) > 0 {
			at = fmt.Sprintf(" at %s:%d", filepath.Base(g.Stack[0].File), g.Stack[0].Line)
		}
		return fmt.Sprintf("goroutine %d waits for %s%s", g.ID, g.WaitsFor, at)
	}
	return f.Summary()
}

// replaceBetween replaces what lies between the markers in file name.
func replaceBetween(name, table string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	i, j := bytes.Index(data, []byte(beginMark)), bytes.Index(data, []byte(endMark))
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %s … %s markers to write the table between", name, beginMark, endMark)
	}
	out := append(append(append([]byte{}, data[:i]...), strings.TrimSuffix(table, "\n")...), data[j+len(endMark):]...)
	return os.WriteFile(name, out, 0o644)
}

func readCSV(name string) ([]map[string]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		return nil, fmt.Errorf("%s: %v", name, cmp.Or(err, fmt.Errorf("empty")))
	}
	var rows []map[string]string
	for _, rec := range recs[1:] {
		r := map[string]string{}
		for i, h := range recs[0] {
			if i < len(rec) {
				r[h] = rec[i]
			}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

func run(env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "gokerbench:", err)
	os.Exit(1)
}
