package rt

import (
	"fmt"
	"io"
	"os"
	"time"
)

// deadlock reports f and stops the run; it is called with sc.mu held and
// does not return.
func (sc *sched) deadlock(f *finding) {
	sc.dead = true
	sc.flushObserver()
	r := sc.resultLocked(f)
	sc.mu.Unlock()
	sc.onDeadlock(r)
	select {}
}

// exitDeadlock is the default onDeadlock: result file, readable report on
// stderr, exit status 3.
func (sc *sched) exitDeadlock(r *result) {
	sc.writeResult(r)
	printDeadlock(os.Stderr, r, sc.cfg.Result)
	os.Exit(3)
}

// dumpStacks has each goroutine of gs capture its own stack where it is
// parked (the calling goroutine captures its own directly).
func (sc *sched) dumpStacks(gs []*g) {
	me := getg()
	for _, x := range gs {
		if x.gp.Load() == me {
			x.stack = captureStack()
			continue
		}
		sc.wakeUp(x, wakeDump)
		select {
		case <-sc.dumped:
		case <-time.After(time.Second):
			sc.warn("goroutine %d did not answer the stack dump", x.id)
		}
	}
}

// printDeadlock writes the readable deadlock report.
func printDeadlock(w io.Writer, r *result, resultFile string) {
	f := r.Deadlock
	fmt.Fprintf(w, "deadhunt: deadlock (%s) in %s, strategy %s seed %d, after %d steps\n",
		f.Kind, r.Test, r.Strategy, r.Seed, r.Steps)
	fmt.Fprintf(w, "  %s\n", f.Message)
	for _, l := range f.Locks {
		fmt.Fprintf(w, "  lock %s [%s]", l.Class, l.Instance)
		for i, s := range l.Sites {
			sep := ", "
			if i == 0 {
				sep = " at "
			}
			fmt.Fprintf(w, "%s%s", sep, s)
		}
		fmt.Fprintln(w)
	}
	for _, g := range f.Goroutines {
		fmt.Fprintf(w, "\n  goroutine %d created at %s: waits for %s\n", g.ID, g.Created, g.WaitsFor)
		for _, fr := range g.Stack {
			fmt.Fprintf(w, "      %s\n          %s:%d\n", fr.Func, fr.File, fr.Line)
		}
	}
	for _, s := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", s)
	}
	if resultFile != "" {
		fmt.Fprintf(w, "  result and schedule: %s\n", resultFile)
	}
}
