package predict

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// Stoppers: a goroutine that receives from a channel in a loop (a
// watcher, a worker) and goroutines that close it (a Close, a shutdown)
// race in every test that starts a service and stops it at once. The
// stoppers most often win, and the loop's deeper states (a callback of
// its own that sends on the channel it drains, a second notification
// that fills its buffer) are never reached. A stopper aim holds the
// stoppers at their first operations while anything else can step, so
// the loop runs as far as it can before they come; the loop itself steps
// only when nothing else can, so the goroutines that feed it (the ones it
// starts among them) have filled its channel when it drains it.

// maxStoppers bounds the stopper aims of a package's traces.
const maxStoppers = 2

// stopRun is what one run showed for the stopper aims.
type stopRun struct {
	first  map[int]report.Site // goroutine → its first lock or channel operation
	recvs  map[int]map[int]int // channel → goroutine → its receives there
	closed map[int]closeAt     // channel → its close (a channel closes once)
}

// closeAt is a channel's close: by goroutine g at site at.
type closeAt struct {
	g  int
	at report.Site
}

func newStopRun() *stopRun {
	return &stopRun{first: map[int]report.Site{}, recvs: map[int]map[int]int{}, closed: map[int]closeAt{}}
}

// stopper is a loop's receiver and what stopped it, over the runs.
type stopper struct {
	receiver string        // the loop's goroutine's creation site
	closer   report.Site   // where its channel was first seen closed
	creators []string      // the stoppers' creation sites
	firsts   []report.Site // their first operations' sites
	run      int
}

// stopEvent notes a step of goroutine g at site id (op, mode, channel);
// site names the id, looked up only for a first step or a close.
func (r *stopRun) stopEvent(op trace.Op, g, mode, obj, id int, site func(int) report.Site) {
	if g <= 0 {
		return
	}
	if _, ok := r.first[g]; !ok {
		r.first[g] = site(id)
	}
	if op != trace.OpComm || obj == 0 {
		return
	}
	switch {
	case mode&trace.CommClose != 0:
		if _, ok := r.closed[obj]; !ok {
			r.closed[obj] = closeAt{g, site(id)}
		}
	case mode&trace.CommRecv != 0 && mode&trace.CommDefault == 0:
		if r.recvs[obj] == nil {
			r.recvs[obj] = map[int]int{}
		}
		r.recvs[obj][g]++
	}
}

// finishStops adds the run's stoppers: a goroutine that received from a
// channel at least twice (a loop), and the goroutine made elsewhere, not
// the test's own, that closed it.
func (b *BlockFinder) finishStops(r *blockRun) {
	sr := r.loops
	for _, obj := range slices.Sorted(maps.Keys(sr.closed)) {
		c := sr.closed[obj]
		cc, s := r.creatorOf(c.g), sr.first[c.g]
		for _, g := range slices.Sorted(maps.Keys(sr.recvs[obj])) { // its receivers only: a run may close 100,000 channels
			if sr.recvs[obj][g] < 2 || g == c.g {
				continue
			}
			recv := r.creatorOf(g)
			st := b.stopperOf(recv, c.at, r.idx)
			if cc == recv || cc == TestGoroutine {
				continue
			}
			if !slices.Contains(st.creators, cc) {
				st.creators = append(st.creators, cc)
			}
			if !slices.Contains(st.firsts, s) {
				st.firsts = append(st.firsts, s)
			}
		}
	}
}

// stopperOf returns the stopper entry of a loop's receiver, made at its
// first sighting.
func (b *BlockFinder) stopperOf(recv string, closer report.Site, run int) *stopper {
	for _, st := range b.stoppers {
		if st.receiver == recv {
			return st
		}
	}
	st := &stopper{receiver: recv, closer: closer, run: run}
	b.stoppers = append(b.stoppers, st)
	return st
}

// Stoppers returns the stopper aims: for a loop's receiver, its stoppers
// held at their first operations (Postpone, no Until) while anything
// else can step. Aims only, not findings. At most maxStoppers, in order
// of first sight.
func (b *BlockFinder) Stoppers() []*Prediction {
	var out []*Prediction
	for _, st := range b.stoppers {
		if len(out) == maxStoppers {
			break
		}
		if len(st.firsts) == 0 {
			continue
		}
		firsts := sortSites(slices.Clone(st.firsts))
		post := make([]string, len(firsts))
		for i, s := range firsts {
			post[i] = s.String()
		}
		c := &Prediction{Kind: report.Blocked, Level: Instance, Runs: []Run{b.runs[st.run]},
			Block: &Block{HeldAt: firsts[0], OpAt: st.closer, PartnerAt: firsts, Waiter: st.receiver, Creators: append([]string{st.receiver}, st.creators...), Flip: true}}
		c.Target = Target{Sites: firsts, Postpone: post}
		slow := ""
		if st.receiver != TestGoroutine {
			c.Target.Slow, slow = []string{st.receiver}, "; the receiver steps only when nothing else can"
		}
		c.Goroutines = 1 + len(st.creators)
		c.Evidence = []string{fmt.Sprintf("the goroutines created at %s closed at %s a channel the goroutine created at %s received from in a loop: held at %s while anything else can step%s",
			strings.Join(st.creators, ", "), st.closer, st.receiver, strings.Join(post, ", "), slow)}
		out = append(out, c)
	}
	return out
}
