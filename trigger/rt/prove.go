package rt

import (
	"fmt"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Proving, at the bound, that goroutines blocked on channels (or in a
// WaitGroup's Wait) stay blocked
// while others still run (CONTRACT.md section 5a). A wait-for cycle or
// everything blocked is a deadlock by the model alone; a set blocked on
// channels beside goroutines that keep running is one only if none of
// those can ever reach the channels. Go's goroutine leak profile (Go 1.27;
// Go 1.26 with GOEXPERIMENT=goroutineleakprofile) decides exactly that: its
// garbage collection marks a goroutine blocked on a channel that no
// goroutine still able to run, and no global, can reach. It cannot see
// through the scheduler, whose parked goroutines wait on its own channels
// and whose records hold their cases, so at the run's end each candidate
// leaves it: it drops what the scheduler holds of its operation and
// performs the operation for real (reflect.Select on its channels). Those
// the profile then marks are blocked for good: the run ends in a deadlock,
// which a replay of its schedule proves again at the same point.

// proveWait is how long the candidates get to block for real.
const proveWait = 200 * time.Millisecond

// proveBlocked ends the run in a deadlock of the goroutines of blocked
// waiting on channels or in a WaitGroup's Wait that Go's leak profile
// finds blocked for good, if any; it returns otherwise, its candidates
// gone from the scheduler, blocked for real (the run is over: its
// snapshot was taken before). Called with sc.mu held.
func (sc *sched) proveBlocked(blocked []*g) {
	if pprof.Lookup("goroutineleak") == nil || sc.timersMayWake(blocked) || sc.realTimerWaiters(blocked) {
		return
	}
	var cands []*g
	for _, x := range blocked {
		if x.state == gLive && !x.op.done && x.goid.Load() != 0 &&
			kinds[x.op.kind].proveReal != nil && !x.op.hasDefault {
			cands = append(cands, x)
		}
	}
	if len(cands) == 0 {
		return
	}
	texts := make([]string, len(cands))
	for i, x := range cands {
		texts[i] = fmt.Sprintf("goroutine %d %s", x.id, sc.waitText(x, nil))
	}
	descs := sc.describe(cands) // their stacks, before they leave
	for _, x := range cands {
		if f := kinds[x.op.kind].proveDrop; f != nil {
			f(sc, x)
		}
	}
	for _, x := range cands {
		sc.wakeUp(x, wakeProve)
		select {
		case <-sc.dumped:
		case <-time.After(time.Second):
			sc.warn("goroutine %d did not leave the scheduler to be proved blocked", x.id)
			sc.abandon(cands)
			return
		}
	}
	for end := time.Now().Add(proveWait); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if allBlockedForReal(cands) {
			break
		}
	}
	dump := leakDump()
	var proven []int
	for i, x := range cands {
		if d, ok := dump[x.goid.Load()]; ok && strings.HasSuffix(d.state, leakedSuffix) && !x.escaped.Load() {
			proven = append(proven, i)
		}
	}
	if len(proven) == 0 {
		sc.abandon(cands)
		return
	}
	f := &finding{Kind: wire.Blocked, Locks: []wire.Lock{}}
	var msgs []string
	for _, i := range proven {
		msgs = append(msgs, texts[i])
		f.Goroutines = append(f.Goroutines, descs[i])
		if len(cands[i].held) > 0 {
			f.Kind = wire.Mixed // a lock it holds is never released either
		}
	}
	f.Message = strings.Join(msgs, "; ") + fmt.Sprintf(" (proved at the time bound after %d steps, other goroutines still running:"+
		" Go's goroutine leak profile finds nothing still able to run that can reach what they wait for)", sc.steps.len())
	sc.deadlock(f)
}

// abandon takes the goroutines that left to be proved blocked, and were
// not, out of the scheduler's decisions: they are not coming back.
func (sc *sched) abandon(gs []*g) {
	for _, x := range gs {
		sc.leave(x, gOutside)
		x.why = "left the scheduler to be proved blocked, not proved"
	}
}

// allBlockedForReal reports whether every goroutine of gs waits in its
// real operation.
func allBlockedForReal(gs []*g) bool {
	dump := dumpAll()
	for _, x := range gs {
		d, ok := dump[x.goid.Load()]
		if !ok || !strings.HasPrefix(d.state, "chan ") && !strings.HasPrefix(d.state, "select") && !strings.HasPrefix(d.state, "sync.WaitGroup") {
			return false
		}
	}
	return true
}

// prove is x leaving the scheduler at the end of a run to be proved
// blocked (proveBlocked): its row drops what the scheduler's records hold
// of its pending operation, answers, and performs the operation for real.
// It does not return.
func (x *g) prove() { kinds[x.op.kind].proveReal(x) }
