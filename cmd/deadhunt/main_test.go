package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
)

func TestMain(m *testing.M) {
	os.Setenv("DEADHUNT_CACHE", "off") // tests that use the cache set their own
	code := m.Run()
	drivertest.Cleanup()
	cachedir.Done()
	os.Exit(code)
}

// cliResult is what one deadhunt invocation returned and printed, and
// the working directory it ran in.
type cliResult struct {
	code           int
	stdout, stderr string
	dir            string
}

// cliBound bounds one invocation: a hang fails the test instead of the
// suite's timeout. It is far above what the runs need.
const cliBound = 4 * time.Minute

// cli runs deadhunt with args as main does, but with e's seams: in e.dir
// (a fresh module if ""), building with e.build (nil: the real
// instrumenter), with e.static as the static analyzer (nil: none), and
// progress as on a terminal if e.tty.
func cli(t *testing.T, e env, args ...string) cliResult {
	t.Helper()
	if e.dir == "" {
		e.dir = hunttest.Module(t)
	}
	var out, errb strings.Builder
	e.stdout, e.stderr = &out, &errb
	ctx, cancel := context.WithTimeout(t.Context(), cliBound)
	defer cancel()
	e.ctx = ctx
	code := dispatch(&e, args)
	if ctx.Err() != nil {
		t.Fatalf("deadhunt %q did not end within %v\nstdout:\n%s\nstderr:\n%s", args, cliBound, out.String(), errb.String())
	}
	return cliResult{code, out.String(), errb.String(), e.dir}
}

// fake is the environment of a command run on the fake package with these
// tests (hunttest.Builder), in a fresh module.
func fake(t *testing.T, tests ...string) (env, *hunttest.Builder) {
	b := &hunttest.Builder{T: t, Tests: tests}
	return env{dir: hunttest.Module(t), build: b.Build}, b
}

func TestDispatchUnknown(t *testing.T) {
	r := cli(t, env{}, "frobnicate")
	if r.code != exitUsage || !strings.Contains(r.stderr, `unknown command "frobnicate"`) {
		t.Errorf("exit %d, stderr %q; want %d and the command named", r.code, r.stderr, exitUsage)
	}
}

func TestHelp(t *testing.T) {
	r := cli(t, env{}, "help")
	if r.code != exitOK {
		t.Errorf("exit %d", r.code)
	}
	for _, c := range commands {
		if !strings.Contains(r.stdout, c.name) {
			t.Errorf("help does not list %s", c.name)
		}
	}
	if r := cli(t, env{}); r.code != exitUsage || !strings.Contains(r.stdout, "Exit codes:") {
		t.Errorf("no arguments: exit %d, stdout %q; want usage", r.code, r.stdout)
	}
}

// Every command's -h prints its help text (help/<command>.txt), its flags
// and, for confirm, merge and replay, their exit codes.
func TestCommandHelp(t *testing.T) {
	for _, c := range commands {
		r := cli(t, env{}, c.name, "-h")
		if r.code != exitOK || !strings.HasPrefix(r.stdout, "usage: deadhunt "+c.name+" ") || !strings.Contains(r.stdout, "\n  -") {
			t.Errorf("%s -h: exit %d, stdout:\n%s", c.name, r.code, r.stdout)
		}
		if wantExit := c.name == "confirm" || c.name == "merge" || c.name == "replay"; strings.Contains(r.stdout, "\nExit codes: ") != wantExit {
			t.Errorf("%s -h: exit codes listed %v, want %v", c.name, !wantExit, wantExit)
		}
	}
}
