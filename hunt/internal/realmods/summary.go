package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// summarize prints the table of the results saved for ms (in the list's
// order; modules never tried are named), one summary line — modules,
// test packages built by go test and by deadhunt, tests, tests whose
// outcome differs — and deadhunt's cache size (`deadhunt env`).
func summarize(ms []module, large bool, out, dh string) error {
	header, row := table(large)
	fmt.Println(header)
	var tried, plainPkgs, dhPkgs, tests, differ, notBuilt, errs, cut, notReached, noLine int
	var missing []string
	for _, m := range ms {
		r, err := load(out, m.name)
		if err != nil {
			return err
		}
		if r == nil {
			missing = append(missing, m.name)
			continue
		}
		fmt.Println(row(r, m))
		tried++
		if r.Error != "" {
			errs++
			continue
		}
		plainPkgs += r.PlainPkgs
		dhPkgs += r.DHPkgs
		tests += len(r.Plain)
		differ += len(r.differs())
		notBuilt += len(r.NotBuilt)
		notReached += len(r.NotReached)
		noLine += len(r.NoLine)
		if r.Interrupted || r.PlainTimedOut {
			cut++
		}
	}
	fmt.Printf("\n%d modules tried (%d could not be); test packages built: %d by go test, %d by deadhunt, %d built by go test and not by deadhunt; %d tests, %d with an outcome that differs from go test; %d modules cut at the bound, %d tests not reached there, %d hunted whose outcome line was not printed\n",
		tried, errs, plainPkgs, dhPkgs, notBuilt, tests, differ, cut, notReached, noLine)
	if len(missing) > 0 {
		fmt.Printf("not tried: %s\n", strings.Join(missing, ", "))
	}
	var env bytes.Buffer
	if err := run(context.Background(), "", &env, dh, "env"); err != nil {
		return fmt.Errorf("deadhunt env: %v", err)
	}
	for _, l := range strings.Split(env.String(), "\n") {
		if strings.HasPrefix(l, "cache:") || strings.HasPrefix(l, "size:") {
			fmt.Println("deadhunt " + l)
		}
	}
	return nil
}
