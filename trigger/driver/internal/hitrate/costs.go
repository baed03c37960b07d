package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// cost is the median wall time of one process running a case's test.
type cost struct {
	name                    string
	plain, through, managed time.Duration
}

// measureCosts times, per case, the uninstrumented test binary (go test
// -c), the instrumented one without DEADHUNT_CONFIG (pass-through), and
// the instrumented one under the scheduler (rpro): each o.overhead times,
// one process per run, one at a time. root is the corpus's directory.
func measureCosts(ctx context.Context, o options, root string, cs []corpus.Case, b *built) ([]cost, error) {
	tmp, err := os.MkdirTemp("", "hitrate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var costs []cost
	for _, c := range cs {
		pkg, ok := b.pkgs[c.Pkg]
		if !ok {
			continue
		}
		plain := filepath.Join(tmp, filepath.Base(c.Dir)+".plain.test")
		cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", plain, "./"+c.Dir)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go test -c %s: %v\n%s", c.Dir, err, out)
		}
		k := cost{name: c.Name}
		if k.plain, err = median(o.overhead, func(int) error { return timeRun(ctx, o, plain, pkg.Dir, c.Test, "") }); err != nil {
			return nil, err
		}
		if k.through, err = median(o.overhead, func(int) error { return timeRun(ctx, o, pkg.Binary, pkg.Dir, c.Test, "") }); err != nil {
			return nil, err
		}
		k.managed, err = median(o.overhead, func(i int) error {
			cfg, err := writeConfig(tmp, i)
			if err != nil {
				return err
			}
			return timeRun(ctx, o, pkg.Binary, pkg.Dir, c.Test, cfg)
		})
		if err != nil {
			return nil, err
		}
		costs = append(costs, k)
	}
	return costs, nil
}

func writeConfig(dir string, seed int) (string, error) {
	cfg := wire.Config{Strategy: report.RPro, Seed: uint64(seed), Result: filepath.Join(dir, "result.json")}
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	name := filepath.Join(dir, "config.json")
	return name, os.WriteFile(name, data, 0o644)
}

// timeRun runs a test binary once; any exit status is accepted (a
// controlled run that deadlocks exits 3).
func timeRun(ctx context.Context, o options, bin, dir, test, config string) error {
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run", "^"+regexp.QuoteMeta(test)+"$", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = os.Environ()
	if config != "" {
		cmd.Env = append(cmd.Env, wire.ConfigEnv+"="+config)
	}
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); ok && ctx.Err() == nil {
		return nil
	}
	return err
}

// median runs f n times and returns the median wall time of a call.
func median(n int, f func(i int) error) (time.Duration, error) {
	ds := make([]time.Duration, n)
	for i := range n {
		start := time.Now()
		if err := f(i + 1); err != nil {
			return 0, err
		}
		ds[i] = time.Since(start)
	}
	slices.Sort(ds)
	return ds[n/2], nil
}

func writeCosts(w io.Writer, o options, costs []cost) {
	fmt.Fprintf(w, "### Cost of one run (median of %d processes, run one at a time)\n\n", o.overhead)
	fmt.Fprintln(w, "| case | plain binary | instrumented, pass-through | controlled (rpro) | controlled / plain |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	var ratios []float64
	for _, k := range costs {
		r := float64(k.managed) / float64(k.plain)
		ratios = append(ratios, r)
		fmt.Fprintf(w, "| %s | %s | %s | %s | %.2fx |\n", k.name, ms(k.plain), ms(k.through), ms(k.managed), r)
	}
	if len(ratios) > 0 {
		slices.Sort(ratios)
		fmt.Fprintf(w, "\nMedian ratio controlled / plain over %d case(s): %.2fx (max %.2fx).\n\n", len(ratios), ratios[len(ratios)/2], ratios[len(ratios)-1])
	}
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 2, 64) + " ms" }
