// Command deadhunt finds deadlocks in Go packages and proves them.
//
//	deadhunt confirm [flags] [packages]   record, predict, trigger and report deadlocks
//	deadhunt replay report.json           re-run a confirmed deadlock's witness
//	deadhunt review [report.json]         review findings in a terminal UI
//
// Each subcommand lives in its own file; this one only dispatches.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Exit codes shared by every subcommand.
const (
	exitOK       = 0 // nothing confirmed
	exitError    = 1 // the tool failed
	exitUsage    = 2 // bad flags or arguments
	exitDeadlock = 3 // at least one deadlock confirmed (or reproduced, for replay)
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func register(c command) { commands = append(commands, c) }

func main() { os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr)) }

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "deadhunt: unknown command %q\nRun 'deadhunt help' for usage.\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `deadhunt finds deadlocks in Go packages and proves each with a replayable schedule.

Usage:

	deadhunt <command> [arguments]

Commands:

`)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'deadhunt <command> -h' for a command's flags.
Exit codes: 0 nothing confirmed, 1 error, 2 usage, 3 deadlock confirmed.
`)
}

// inWorkDir runs a command's main in the working directory, with a context
// that an interrupt (Ctrl-C) cancels, so that the command can stop its
// test processes and still report what it found.
func inWorkDir(stderr io.Writer, main func(ctx context.Context, dir string) int) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "deadhunt: %v\n", err)
		return exitError
	}
	return main(ctx, dir)
}
