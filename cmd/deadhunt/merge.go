package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/deadhunt/deadhunt/hunt"
)

// runMerge is deadhunt merge (help/merge.txt).
func runMerge(e *env, args []string) int {
	var f flags
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.StringVar(&f.out, "o", "", "write the merged report (JSON) to this `file` and print it as text; without -o the JSON goes to stdout")
	fs.StringVar(&f.sarif, "sarif", "", "also write the merged findings as SARIF 2.1.0 to this `file`")
	fs.StringVar(&f.pprof, "pprof", "", "also write the merged findings' goroutines as a pprof profile to this `file` (go tool pprof -traces file)")
	check := func(pos []string) error {
		if len(pos) == 0 {
			return errors.New("name the shards' reports to merge")
		}
		return nil
	}
	pos, code, ok := parseCommand(e, fs, check, args)
	if !ok {
		return code
	}
	names := make([]string, len(pos))
	for i, p := range pos {
		names[i] = resolve(e.dir, p)
	}
	root := hunt.ModuleRoot(e.dir)
	rep, verdict, err := hunt.Merge(root, f.out, names...)
	if err != nil {
		return e.fail("merge", err)
	}
	if root == "" {
		root = e.dir
	}
	if f.out == "" {
		err = rep.Write(e.stdout)
	} else if err = rep.WriteFile(resolve(e.dir, f.out)); err == nil {
		err = writeText(e.stdout, rep, root)
		if err == nil {
			_, err = fmt.Fprintf(e.stdout, "merged %d report(s) into %s: %d test(s), %d finding(s), %d error(s); exit status %d (%s)\n",
				len(names), f.out, len(rep.Tests), len(rep.Findings), len(rep.Errors), verdict.Exit(), verdict)
		}
	}
	if err == nil {
		err = annotate(e, rep, root, resolve(e.dir, f.sarif), false)
	}
	if err == nil {
		err = writeProfile(rep, resolve(e.dir, f.pprof))
	}
	if err != nil {
		return e.fail("merge", err)
	}
	return verdict.Exit()
}
