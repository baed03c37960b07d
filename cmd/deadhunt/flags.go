package main

import (
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// flags are the flags of every command; each defines those it takes.
type flags struct {
	run                                           string
	timeout, forTime                              time.Duration
	parallel, runs, depth, radius, random, pct, n int
	noGuaranteeRuns                               int
	count                                         int
	shard, balance                                string
	seed                                          uint64
	confidence                                    float64
	strategy, out, sarif, pprof, dot, finding     string
	json, keepGoing, v, github, text              bool
	noPredict, noStatic, keepTraces               bool
	args                                          []string // after -args: for the test binaries
}

// splitArgs splits a command line of a command that runs tests at -args:
// what follows is passed to the test binaries, as go test does.
func (f *flags) splitArgs(args []string) []string {
	for i, a := range args {
		if a == "-args" || a == "--args" {
			f.args = args[i+1:]
			return args[:i]
		}
		if a == "--" {
			break
		}
	}
	return args
}

// addRun defines -run, -timeout and -p on fs, the flags of the commands
// that run tests; runHelp and timeoutHelp say what they bound there.
func (f *flags) addRun(fs *flag.FlagSet, runHelp, timeoutHelp string) {
	fs.StringVar(&f.run, "run", "", runHelp)
	fs.DurationVar(&f.timeout, "timeout", driver.Defaults.Timeout, timeoutHelp)
	fs.IntVar(&f.parallel, "p", driver.Options{}.WithDefaults().Parallel, "test processes to run at once (use -p 1 for tests that listen on fixed ports)")
}

func (f *flags) checkRun() error {
	if _, err := regexp.Compile(f.run); err != nil {
		return fmt.Errorf("-run: %v", err)
	}
	o := driver.Options{Parallel: f.parallel, Timeout: f.timeout}
	return flagError(o.CheckRun())
}

// optionFlags name the flag of each driver option whose flag is not
// spelled as the option is.
var optionFlags = map[string]string{"parallel": "p"}

// flagError says a driver's *OptionError as the flag that set the option:
// "-p 0, want at least 1". Other errors are returned as they are.
func flagError(err error) error {
	var oe *driver.OptionError
	if !errors.As(err, &oe) {
		return err
	}
	name := oe.Option
	if f, ok := optionFlags[name]; ok {
		name = f
	}
	return fmt.Errorf("-%s %s", name, oe.Problem)
}

// config is the pipeline's configuration the flags give in e. The
// strategy is checked with the hunt's options (hunt.Config.DriverOptions).
func (f *flags) config(e *env) hunt.Config {
	cfg := hunt.Config{Dir: e.dir, Run: f.run, Parallel: f.parallel, Timeout: f.timeout, Build: e.build,
		Runs: f.runs, NoGuaranteeRuns: f.noGuaranteeRuns, Confidence: f.confidence, Strategy: report.Strategy(f.strategy), Depth: f.depth, Radius: f.radius, Seed: f.seed,
		KeepGoing: f.keepGoing, NoPredict: f.noPredict, KeepTraces: f.keepTraces, Args: f.args, For: f.forTime}
	if !f.noStatic {
		cfg.Static = e.static
	}
	return cfg
}

// keepTracesUsage is the help of -keep-traces.
const keepTracesUsage = "keep the recorded lock-order traces in .deadhunt/traces in the module root (deadhunt record's place); by default they go to a directory of this run's in deadhunt's cache, removed once predicted"

// parseCommand parses a command's args (flags may follow positional
// arguments, as with go test) and checks them. It returns the positional
// arguments, or, when the command is over (help, a usage error), its exit
// code and ok false.
func parseCommand(e *env, fs *flag.FlagSet, check func(pos []string) error, args []string) (pos []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(e.stdout, help(fs.Name()))
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fmt.Fprint(e.stdout, help(fs.Name()+"-exit"))
		return nil, exitOK, false
	}
	if err == nil {
		err = check(pos)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "deadhunt %s: %v\nRun 'deadhunt %s -h' for usage.\n", fs.Name(), err, fs.Name())
		return nil, exitUsage, false
	}
	return pos, 0, true
}

// parseInterspersed parses flags that may follow positional arguments, as
// go test allows ("./... -run X").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

//go:embed help
var helpFiles embed.FS

// help is the text of help/name.txt, "" if there is none: a command's
// help is help/<command>.txt, its flags, then help/<command>-exit.txt.
func help(name string) string {
	text, _ := helpFiles.ReadFile("help/" + name + ".txt")
	return string(text)
}
