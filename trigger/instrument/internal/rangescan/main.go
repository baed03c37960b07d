// Command rangescan counts how the rewriter instruments the ranges over
// maps of a module's packages (tests included): how many take the values
// with the keys (MapRangeRO, some told MayChange later) and how many
// look every value up (MapRange). A benchmark program, not a test:
//
//	go run ./trigger/instrument/internal/rangescan DIR
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"golang.org/x/tools/go/packages"

	"github.com/deadhunt/deadhunt/trigger/instrument/internal/rewrite"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: rangescan DIR (a module's root; its dependencies downloaded)")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if st, err := os.Stat(flag.Arg(0)); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "rangescan: %s: not a directory\n", flag.Arg(0))
		os.Exit(1)
	}
	cfg := &packages.Config{Dir: flag.Arg(0), Tests: true,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		fmt.Fprintln(os.Stderr, "rangescan:", err)
		os.Exit(1)
	}
	var ro, marked, lookup, failed int
	seen := map[string]bool{} // a file in a package and in its test variant
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.TypesInfo == nil {
			failed++
			continue
		}
		res, err := rewrite.Package(rewrite.Input{Fset: p.Fset, Files: p.Syntax, Info: p.TypesInfo, Pkg: p.Types, SitesFile: "zz_sites.go"})
		if err != nil {
			fmt.Fprintf(os.Stderr, "rangescan: %s: %v\n", p.ID, err)
			failed++
			continue
		}
		for name, data := range res.Files {
			if seen[name] {
				continue
			}
			seen[name] = true
			ro += bytes.Count(data, []byte("__dhrt.MapRangeRO("))
			lookup += bytes.Count(data, []byte("__dhrt.MapRange("))
			marked += bytes.Count(data, []byte(".MayChange()"))
		}
	}
	total := ro + lookup
	if total == 0 {
		fmt.Println("no range over a map")
		return
	}
	what := "ranges"
	if total == 1 {
		what = "range"
	}
	fmt.Printf("%d %s over maps: %d (%.0f%%) take the values with the keys (%d MayChange marks), %d look every value up",
		total, what, ro, 100*float64(ro)/float64(total), marked, lookup)
	if failed > 0 {
		fmt.Printf("; %d packages not loaded", failed)
	}
	fmt.Println()
}
