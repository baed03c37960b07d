package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// packageCommand is what a subcommand that takes package patterns tells
// parsePackages: its flags, how to print its help, and how to check the
// parsed values.
type packageCommand struct {
	name           string
	flags          *flag.FlagSet
	usage          func(w io.Writer, fs *flag.FlagSet)
	check          func() error
	stdout, stderr io.Writer
}

// parsePackages parses args (flags may follow packages, as with go test).
// It returns the package patterns (./... when none are given), or, when the
// command is over (help, a usage error), the exit code and ok false.
func parsePackages(c packageCommand, args []string) (pkgs []string, code int, ok bool) {
	pkgs, err := parseInterspersed(c.flags, args)
	if errors.Is(err, flag.ErrHelp) {
		c.usage(c.stdout, c.flags)
		return nil, exitOK, false
	}
	if err == nil {
		err = c.check()
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "deadhunt %s: %v\nRun 'deadhunt %s -h' for usage.\n", c.name, err, c.name)
		return nil, exitUsage, false
	}
	if len(pkgs) == 0 {
		pkgs = []string{"./..."}
	}
	return pkgs, 0, true
}

// printUsage prints a command's help text followed by its flags.
func printUsage(text string) func(w io.Writer, fs *flag.FlagSet) {
	return func(w io.Writer, fs *flag.FlagSet) {
		fmt.Fprint(w, text)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
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

// runFlags are the flags of the commands that run tests: -run, -timeout
// and -p.
type runFlags struct {
	run      string
	timeout  time.Duration
	parallel int
}

// add defines the flags on fs; runHelp and timeoutHelp say what they bound
// for this command.
func (f *runFlags) add(fs *flag.FlagSet, runHelp, timeoutHelp string) {
	fs.StringVar(&f.run, "run", "", runHelp)
	fs.DurationVar(&f.timeout, "timeout", 10*time.Second, timeoutHelp)
	fs.IntVar(&f.parallel, "p", driver.Options{}.WithDefaults().Parallel, "test processes to run at once (use -p 1 for tests that listen on fixed ports)")
}

func (f *runFlags) check() error {
	switch _, err := regexp.Compile(f.run); {
	case err != nil:
		return fmt.Errorf("-run: %v", err)
	case f.parallel < 1:
		return fmt.Errorf("-p %d, want at least 1", f.parallel)
	case f.timeout <= 0:
		return errors.New("-timeout must be positive")
	}
	return nil
}

// runRegexp is -run compiled (checked by check), or nil for every test.
func (f *runFlags) runRegexp() *regexp.Regexp {
	if f.run == "" {
		return nil
	}
	return regexp.MustCompile(f.run)
}

// pipeline is the record-and-predict pipeline these flags configure.
func (f *runFlags) pipeline(root, dir string, patterns []string, progressf func(string, ...any)) *pipeline {
	return &pipeline{root: root, dir: dir, patterns: patterns, parallel: f.parallel,
		timeout: f.timeout, run: f.runRegexp(), progressf: progressf}
}
