// Command deadhunt finds deadlocks in Go packages and proves them;
// "deadhunt help" lists its commands, whose help texts are help/*.txt.
// The work is package hunt's: a command parses its flags, calls hunt,
// prints what it returns and maps that to an exit code.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// Exit codes shared by every subcommand.
const (
	exitOK       = 0 // nothing confirmed
	exitError    = 1 // the tool failed
	exitUsage    = 2 // bad flags or arguments
	exitDeadlock = 3 // at least one deadlock confirmed (or reproduced, for replay)
)

// env is what a command runs with: where it prints, the working directory,
// and the seams tests replace.
type env struct {
	stdout, stderr io.Writer
	dir            string          // the working directory; "" is the process's
	tty            bool            // stderr is a terminal: progress is one updating line
	ctx            context.Context // nil: one an interrupt (Ctrl-C) cancels
	build          hunt.Builder    // nil: trigger/instrument
	static         hunt.StaticFunc // the static analyzer (lockcycle)
}

type command struct {
	name, summary string
	run           func(e *env, args []string) int
}

var commands = []command{
	{"clean", "empty deadhunt's cache (-cache)", runClean},
	{"confirm", "run tests under the controlled scheduler and confirm deadlocks", runConfirm},
	{"env", "print where deadhunt's cache is, its size and how it is trimmed", runEnv},
	{"merge", "join the reports of a hunt's shards into one", runMerge},
	{"predict", "record the tests' lock orders and print the deadlocks they predict", runPredict},
	{"record", "record the tests' lock-order traces under diversified schedules", runRecord},
	{"replay", "re-run a confirmed deadlock's witness schedule", runReplay},
	{"review", "review findings in a terminal UI, or write them as SARIF or annotations", runReview},
}

func main() {
	e := &env{stdout: os.Stdout, stderr: os.Stderr, tty: isTerminal(os.Stderr), static: analyzer.Findings}
	code := dispatch(e, os.Args[1:])
	cachedir.Done() // let other deadhunts trim the cache; remove the temporary one when off
	os.Exit(code)
}

func dispatch(e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		if e.dir == "" {
			dir, err := os.Getwd()
			if err != nil {
				fmt.Fprintf(e.stderr, "deadhunt: %v\n", err)
				return exitError
			}
			e.dir = dir
		}
		return c.run(e, args[1:])
	}
	fmt.Fprintf(e.stderr, "deadhunt: unknown command %q\nRun 'deadhunt help' for usage.\n", args[0])
	return exitUsage
}

// usage prints deadhunt's help (help/deadhunt.txt) with the commands
// listed.
func usage(w io.Writer) {
	var list strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&list, "\t%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, strings.Replace(help("deadhunt"), "{{commands}}\n", list.String(), 1))
}

// context is the context a command's work runs under: e.ctx, or one that
// an interrupt cancels, so that a command can stop its test processes and
// still report what it found.
func (e *env) context() (context.Context, context.CancelFunc) {
	if e.ctx != nil {
		return e.ctx, func() {}
	}
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
