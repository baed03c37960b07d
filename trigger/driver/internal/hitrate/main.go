// Command hitrate measures deadhunt's trigger over the corpus: the hit rate
// per run of each scheduling strategy on every case, and the cost of a
// controlled run against a plain run of the same test.
//
//	go run ./trigger/driver/internal/hitrate [-seeds 200] [-strategies random,pct,rpro] [-cases regexp] [-overhead 20] [-o table.md]
//
// It builds the corpus of the source tree it was built from (corpus.Root),
// whatever the working directory. Results are printed as Markdown tables
// for BENCHMARKS.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

type options struct {
	seeds      int
	strategies []string
	cases      *regexp.Regexp
	overhead   int
	parallel   int
	timeout    time.Duration
	out        string
}

func main() {
	var o options
	var strategies, cases string
	flag.IntVar(&o.seeds, "seeds", 200, "seeded runs per case and strategy")
	flag.StringVar(&strategies, "strategies", "random,pct,rpro", "comma-separated strategies to measure")
	flag.StringVar(&cases, "cases", "", "only corpus cases whose name matches this regexp")
	flag.IntVar(&o.overhead, "overhead", 20, "runs per case and mode for the cost table (0: skip it)")
	flag.IntVar(&o.parallel, "p", 0, "processes at once (default GOMAXPROCS)")
	flag.DurationVar(&o.timeout, "timeout", driver.Defaults.Timeout, "bound on one run")
	flag.StringVar(&o.out, "o", "", "also write the tables to this file")
	flag.Parse()
	o.strategies = strings.Split(strategies, ",")
	for _, s := range o.strategies {
		if st := report.Strategy(s); s != stress && !slices.Contains(driver.Strategies, st) {
			fmt.Fprintf(os.Stderr, "hitrate: -strategies: unknown %q (want stress or %s)\n", s, report.JoinStrategies(driver.Strategies))
			os.Exit(2)
		}
	}
	o.cases = regexp.MustCompile(cases)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "hitrate:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	all, err := corpus.Load()
	if err != nil {
		return err
	}
	var cs []corpus.Case
	for _, c := range all {
		if o.cases.MatchString(c.Name) {
			cs = append(cs, c)
		}
	}
	root, err := corpus.Root()
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "hitrate: building %d corpus case(s)\n", len(cs))
	b, err := buildCases(ctx, root, cs)
	if err != nil {
		return err
	}
	defer b.close()
	var out strings.Builder
	w := io.MultiWriter(os.Stdout, &out)
	fmt.Fprintf(w, "Built %d of %d case(s) in %s.\n\n", len(b.pkgs), len(cs), b.elapsed.Round(time.Millisecond))
	for _, e := range b.errs {
		fmt.Fprintf(w, "- build error: %s\n", e)
	}
	rates, err := measureRates(ctx, o, cs, b)
	if err != nil {
		return err
	}
	writeRates(w, o, cs, rates)
	if o.overhead > 0 {
		costs, err := measureCosts(ctx, o, root, cs, b)
		if err != nil {
			return err
		}
		writeCosts(w, o, costs)
	}
	if o.out != "" {
		return os.WriteFile(o.out, []byte(out.String()), 0o644)
	}
	return nil
}
