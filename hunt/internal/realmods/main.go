// Command realmods checks that deadhunt builds and runs the tests of real
// modules fetched through the module proxy as go test does (issue #15's
// script; BENCHMARKS.md, "Instrumentation on real modules"). For each
// module it runs plain `go test -json ./...` and `deadhunt confirm ./...`
// on a copy, then prints a markdown row: test packages built by each, the
// tests, wall times, and the tests whose outcome under deadhunt differs
// from plain go test (each with its runs' outcomes, to be explained by
// hand). Not part of go test ./...: it needs the proxy and many minutes.
//
//	go run ./hunt/internal/realmods [-runs 3] [-out /tmp/realmods] [-only name,...]
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// module is a module to try: path@version, and how to prepare it.
type module struct {
	name, path, version string
	init                bool   // no go.mod: go mod init path first
	args                string // deadhunt confirm's flags for it, if any
}

var modules = []module{
	{name: "go-deadlock", path: "github.com/sasha-s/go-deadlock", version: "v0.3.9"},
	{name: "puddle", path: "github.com/jackc/puddle/v2", version: "v2.2.3"},
	{name: "yamux", path: "github.com/hashicorp/yamux", version: "v0.1.2"},
	{name: "bbolt", path: "go.etcd.io/bbolt", version: "v1.5.0"},
	{name: "golang-lru", path: "github.com/hashicorp/golang-lru/v2", version: "v2.0.7"},
	{name: "go-cache", path: "github.com/patrickmn/go-cache", version: "v2.1.0+incompatible", init: true},
	{name: "x-sync", path: "golang.org/x/sync", version: "v0.24.0"},
	{name: "conc", path: "github.com/sourcegraph/conc", version: "v0.3.0"},
	{name: "ttlcache", path: "github.com/jellydator/ttlcache/v3", version: "v3.4.1"},
	{name: "workerpool", path: "github.com/gammazero/workerpool", version: "v1.3.0"},
	{name: "pond", path: "github.com/alitto/pond/v2", version: "v2.7.1"},
	{name: "eventbus", path: "github.com/asaskevich/EventBus", version: "latest", init: true, args: "-p 1"},
	{name: "pubsub", path: "github.com/cskr/pubsub", version: "v1.0.2"},
	{name: "groupcache", path: "github.com/golang/groupcache", version: "v0.0.0-20241129210726-2c02b8208cf8"},
	{name: "ants", path: "github.com/panjf2000/ants/v2", version: "latest"},
	{name: "x-time", path: "golang.org/x/time", version: "latest"},
	{name: "cmap", path: "github.com/orcaman/concurrent-map/v2", version: "latest"},
}

func main() {
	runs := flag.Int("runs", 3, "deadhunt confirm --runs")
	out := flag.String("out", "/tmp/realmods", "work directory (module copies, outputs)")
	only := flag.String("only", "", "comma-separated module names to try (default all)")
	bound := flag.Duration("bound", 15*time.Minute, "bound on each command (plain go test, deadhunt confirm) per module")
	flag.Parse()
	dh := filepath.Join(*out, "deadhunt")
	if err := run(context.Background(), "", nil, "go", "build", "-o", dh, "github.com/deadhunt/deadhunt/cmd/deadhunt"); err != nil {
		fatal(err)
	}
	fmt.Println("| module | test packages: go test / deadhunt | tests | plain `go test` | `deadhunt confirm` | outcomes differ | confirmed |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, m := range modules {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), m.name) {
			continue
		}
		r, err := try(m, dh, *out, *runs, *bound)
		if err != nil {
			fmt.Printf("| %s | error: %v |||||\n", m.name, err)
			continue
		}
		fmt.Println(r.row(m))
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "realmods:", err)
	os.Exit(1)
}

// result is what one module showed.
type result struct {
	version           string
	plainPkgs, dhPkgs int      // test packages built
	notBuilt          []string // built by go test, not by deadhunt
	plain             map[string]string
	dh                map[string]string // test → deadhunt's outcome line
	plainWall, dhWall time.Duration
	interrupted       bool
	confirmed         []string
}

func try(m module, dh, out string, runs int, bound time.Duration) (*result, error) {
	dir := filepath.Join(out, "src", m.name)
	version, err := fetch(m, dir)
	if err != nil {
		return nil, err
	}
	r := &result{version: version}
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	var plainOut bytes.Buffer
	start := time.Now()
	_ = run(ctx, dir, &plainOut, "go", "test", "-count=1", "-json", "./...") // failing tests are data
	r.plainWall = time.Since(start)
	r.plain, r.plainPkgs = goTestOutcomes(plainOut.Bytes())

	ctx2, cancel2 := context.WithTimeout(context.Background(), bound)
	defer cancel2()
	var dhOut bytes.Buffer
	rep := filepath.Join(out, m.name+".json")
	os.Remove(rep)
	args := []string{"confirm", "-count=1", "--runs", fmt.Sprint(runs), "-o", rep}
	args = append(append(args, strings.Fields(m.args)...), "./...")
	start = time.Now()
	_ = run(ctx2, dir, &dhOut, dh, args...) // exit 1 and 3 are data
	r.dhWall = time.Since(start)
	os.WriteFile(filepath.Join(out, m.name+".txt"), dhOut.Bytes(), 0o644)
	r.dh = deadhuntOutcomes(dhOut.Bytes())
	if err := r.readReport(rep); err != nil {
		return nil, err
	}
	return r, nil
}

// fetch copies m's module source to dir (afresh) and makes it buildable
// on its own; it returns the version fetched.
func fetch(m module, dir string) (string, error) {
	var js bytes.Buffer
	if err := run(context.Background(), "", &js, "go", "mod", "download", "-json", m.path+"@"+m.version); err != nil {
		return "", fmt.Errorf("download: %v", err)
	}
	var info struct{ Dir, Version string }
	if err := json.Unmarshal(js.Bytes(), &info); err != nil {
		return "", err
	}
	os.RemoveAll(dir)
	if err := os.CopyFS(dir, os.DirFS(info.Dir)); err != nil {
		return "", err
	}
	if err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	}); err != nil {
		return "", err
	}
	if m.init {
		if err := run(context.Background(), dir, nil, "go", "mod", "init", m.path); err != nil {
			return "", fmt.Errorf("go mod init: %v", err)
		}
	}
	if err := run(context.Background(), dir, nil, "go", "mod", "tidy"); err != nil {
		return "", fmt.Errorf("go mod tidy: %v", err)
	}
	return info.Version, nil
}

// goTestOutcomes maps each top-level test of go test -json's output to its
// action (pass, fail, skip) and counts the test packages that built.
func goTestOutcomes(out []byte) (map[string]string, int) {
	m := map[string]string{}
	pkgs := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e struct{ Action, Package, Test, FailedBuild string }
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if strings.HasPrefix(e.Test, "Test") && !strings.Contains(e.Test, "/") { // deadhunt hunts tests, not examples or fuzz targets
			pkgs[e.Package] = true
			switch e.Action {
			case "pass", "fail", "skip":
				m[e.Package+" "+e.Test] = e.Action
			}
		}
	}
	return m, len(pkgs)
}

// testLine is deadhunt's line for a test: "pkg TestX: 7 runs (7 pass)...".
var testLine = regexp.MustCompile(`^(\S+) (\S+): (\d+ runs \(([^)]*)\).*?)( \[(fully|partly) controlled.*)?$`)

// deadhuntOutcomes maps each test to the outcomes part of its line.
func deadhuntOutcomes(out []byte) map[string]string {
	m := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if s := testLine.FindStringSubmatch(l); s != nil {
			m[s[1]+" "+s[2]] = s[3]
		}
	}
	return m
}

func (r *result) readReport(path string) error {
	rep, err := report.ReadFile(path)
	if err != nil {
		return fmt.Errorf("report: %v", err)
	}
	r.interrupted = rep.Interrupted != nil
	built := map[string]bool{}
	for k := range r.dh {
		pkg, _, _ := strings.Cut(k, " ")
		built[pkg] = true
	}
	r.dhPkgs = len(built)
	for k := range r.plain {
		pkg, _, _ := strings.Cut(k, " ")
		if !built[pkg] && !slices.Contains(r.notBuilt, pkg) {
			r.notBuilt = append(r.notBuilt, pkg)
		}
	}
	for _, f := range rep.Findings {
		if f.Status == report.Confirmed {
			r.confirmed = append(r.confirmed, fmt.Sprintf("%s %s (%s)", f.ID, f.Kind, f.Test))
		}
	}
	return nil
}

// differs lists the tests whose outcome under deadhunt is not plain go
// test's: a test that passed plainly with a run that did not pass, or a
// test that failed plainly whose runs all passed.
func (r *result) differs() []string {
	var d []string
	for k, plain := range r.plain {
		line, ok := r.dh[k]
		_, test, _ := strings.Cut(k, " ")
		switch {
		case !ok && plain != "skip":
			d = append(d, test+": not hunted")
		case !ok:
		case plain == "pass" && !allPass(line):
			d = append(d, test+": "+line)
		case plain == "fail" && allPass(line):
			d = append(d, test+": fails plainly, "+line)
		}
	}
	slices.Sort(d)
	return d
}

// allPass reports whether an outcome line has only passing runs (a
// confirmed deadlock is reported apart).
func allPass(line string) bool {
	_, in, _ := strings.Cut(line, "(")
	in, _, _ = strings.Cut(in, ")")
	for _, part := range strings.Split(in, ", ") {
		if !strings.HasSuffix(part, " pass") && !strings.HasSuffix(part, " deadlock") {
			return false
		}
	}
	return true
}

func (r *result) row(m module) string {
	pkgs := fmt.Sprintf("%d / %d", r.plainPkgs, r.dhPkgs)
	if len(r.notBuilt) > 0 {
		pkgs += " (not built: " + strings.Join(r.notBuilt, ", ") + ")"
	}
	dhWall := r.dhWall.Round(100 * time.Millisecond).String()
	if r.interrupted {
		dhWall += " (interrupted at the bound)"
	}
	return fmt.Sprintf("| %s %s | %s | %d | %s | %s | %s | %s |", m.path, r.version, pkgs, len(r.plain),
		r.plainWall.Round(100*time.Millisecond), dhWall, orNone(r.differs()), orNone(r.confirmed))
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "; ")
}

// run runs a command in dir, its stdout to out (if not nil), stderr to
// ours; a context that ends sends SIGTERM (deadhunt then saves a report
// marked interrupted).
func run(ctx context.Context, dir string, out *bytes.Buffer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 30 * time.Second
	if out != nil {
		cmd.Stdout = out
	}
	cmd.Stderr = os.Stderr
	if out != nil && name != "go" {
		cmd.Stderr = out // deadhunt's progress and lines
	}
	return cmd.Run()
}
