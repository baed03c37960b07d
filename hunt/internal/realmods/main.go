// Command realmods checks that deadhunt builds and runs the tests of real
// modules fetched through the module proxy as go test does (issue #15's
// script, extended for issue #32; BENCHMARKS.md, "Instrumentation on real
// modules"; docs/realmods.md). For each module it runs plain
// `go test -json ./...` and `deadhunt confirm ./...` on a copy, then prints
// a markdown row: test packages built by each, the tests, wall times, and
// the tests whose outcome under deadhunt differs from plain go test (each
// with its runs' outcomes, to be explained by hand). Each module's result
// is saved under -out, so a run may go module by module (-only) and
// -summary prints the whole table from the saved results, with a summary
// line and the size of deadhunt's cache. Not part of go test ./...: it
// needs the proxy and many minutes.
//
// -set large takes the test suites of large systems instead (issue #33):
// each hunt is split into shards (-shard i/N, one after another, each
// within -bound, joined by deadhunt merge), and the table adds the cost
// against plain go test and why each test's hunt stopped.
//
//	go run ./hunt/internal/realmods [-set large] [-runs 3] [-bound 15m] [-shards N] [-out /tmp/realmods] [-only name,...]
//	go run ./hunt/internal/realmods -summary [-set large] [-out /tmp/realmods] [-only name,...]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	runs := flag.Int("runs", 0, "deadhunt confirm --runs (default: 3 for the small set, deadhunt's own for the large)")
	out := flag.String("out", "/tmp/realmods", "work directory (module copies, outputs, saved results)")
	only := flag.String("only", "", "comma-separated module names to try (default all)")
	bound := flag.Duration("bound", 15*time.Minute, "bound on each command (plain go test, deadhunt confirm) per module")
	summary := flag.Bool("summary", false, "run nothing: print the table of the saved results, a summary line and the cache's size")
	set := flag.String("set", "small", "the modules: small (libraries, issues #15 and #32) or large (systems' test suites, issue #33)")
	shards := flag.Int("shards", 0, "split each hunt into this many shards (default: the module's own, 1 for the small set)")
	flag.Parse()
	list, ok := map[string][]module{"small": modules, "large": large}[*set]
	if !ok {
		fatal(fmt.Errorf("-set %q: small or large", *set))
	}
	if *runs == 0 && *set == "small" {
		*runs = 3
	}
	var err error
	if *out, err = filepath.Abs(*out); err != nil {
		fatal(err)
	}
	// deadhunt's cache is this run's own unless the caller chose one, so
	// its size after the run is the run's.
	if os.Getenv("DEADHUNT_CACHE") == "" {
		os.Setenv("DEADHUNT_CACHE", filepath.Join(*out, "cache"))
	}
	dh := filepath.Join(*out, "deadhunt")
	selected := selectModules(list, *only)
	if *summary {
		if err := summarize(selected, *set == "large", *out, dh); err != nil {
			fatal(err)
		}
		return
	}
	if err := run(context.Background(), "", nil, "go", "build", "-o", dh, "github.com/deadhunt/deadhunt/cmd/deadhunt"); err != nil {
		fatal(err)
	}
	header, row := table(*set == "large")
	fmt.Println(header)
	for _, m := range selected {
		if *shards > 0 {
			m.shards = *shards
		}
		r, err := try(m, dh, *out, *runs, *bound)
		if err != nil {
			r = &result{Module: m.name, Error: err.Error()}
		}
		if err := r.save(*out); err != nil {
			fatal(err)
		}
		fmt.Println(row(r, m))
	}
}

// selectModules returns the modules of list named in only
// (comma-separated), in the list's order, or all of them; an unknown name
// is fatal.
func selectModules(list []module, only string) []module {
	if only == "" {
		return list
	}
	names := strings.Split(only, ",")
	var ms []module
	for _, m := range list {
		if slices.Contains(names, m.name) {
			ms = append(ms, m)
		}
	}
	for _, n := range names {
		if !slices.ContainsFunc(ms, func(m module) bool { return m.name == n }) {
			fatal(fmt.Errorf("no module named %q", n))
		}
	}
	return ms
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "realmods:", err)
	os.Exit(1)
}
