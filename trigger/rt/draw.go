package rt

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Draws: every nondeterministic value instrumented code takes besides the
// next goroutine (a random draw, a map's iteration order, a select's
// choice among ready cases) is decided here, recorded in the schedule's
// draws (wire.Draws) and given back on replay, so a witness replays the
// same values in the same order. The sources call drawN, drawWide,
// drawPerm and drawOrder (rand.go, maporder.go, select.go).
//
// A small choice (at most maxChoice values, or a map order of at most
// maxPermChoice entries) is a branching point like a change point: the
// explorer counts its values among the orderings. So that a value drawn
// with probability 1/n still comes up within a few runs, each goroutine's
// first modeDraws draws at a site follow a mode given by the run's phase
// (Config.DrawPhase, else its seed) and the goroutine's ID: in phase 0
// odd goroutines take the lowest value (a map's canonical order) and even
// ones the highest (the reverse order), in phase 1 the other way round,
// in phase 2 all draw uniformly. Any three runs in a row give a goroutine
// every mode, and the first two give two goroutines of different parity
// opposite ones. Wide draws are uniform: a boundary value forced on a
// 64-bit draw would make distinct IDs collide where a plain run never
// does.

// drawSource says what asked for a draw, for messages.
type drawSource uint8

const (
	srcRand    drawSource = iota + 1 // math/rand or math/rand/v2
	srcGen                           // a generator seeded outside the schedule
	srcMap                           // a map's iteration order
	srcSelect                        // a select's choice among ready cases
	srcShuffle                       // rand.Perm, rand.Shuffle
)

var sourceNames = [...]string{srcRand: "random draw", srcGen: "seeded generator", srcMap: "map order", srcSelect: "select choice", srcShuffle: "shuffle"}

func (s drawSource) String() string { return sourceNames[s] }

const (
	maxChoice     = 16 // a draw of at most this many values is a choice
	maxPermChoice = 4  // a map order of at most this many entries is one
	modeDraws     = 3  // draws per goroutine and site that follow its mode
)

// drawMode is how a goroutine draws its first values at a site.
type drawMode uint8

const (
	modeLow drawMode = iota
	modeHigh
	modeUniform
)

// draws is the run's record of its draws and, on replay, the values to
// give back.
type draws struct {
	seed uint64 // wide values are wire.DeriveDraw(seed, i)
	rng  *rand.Rand
	// The draws made, in chunks of a fixed size as the step log keeps
	// steps (a long run's record is never copied to grow).
	chunks [][]drawRec
	n      int
	// replay: the witness's draws.
	replaySteps []int
	replayVals  []uint64
	replaying   bool
}

// drawRec is one draw: the step count when it was made, and its value.
type drawRec struct {
	step int
	v    uint64
}

func (d *draws) add(r drawRec) {
	i := d.n % stepChunk
	if i == 0 {
		d.chunks = append(d.chunks, make([]drawRec, stepChunk))
	}
	d.chunks[len(d.chunks)-1][i] = r
	d.n++
}

func (d *draws) at(i int) *drawRec { return &d.chunks[i/stepChunk][i%stepChunk] }

func newDraws(seed uint64) draws {
	return draws{seed: seed ^ 0xd7a3, rng: rand.New(rand.NewPCG(seed, 0xd7a35eed))}
}

// follow makes the run give back d's recorded values (strategy replay).
func (d *draws) follow(w *wire.Draws) error {
	steps, vals, err := w.Decode()
	if err != nil {
		return err
	}
	if w != nil {
		d.seed = w.Seed
	}
	d.replaySteps, d.replayVals, d.replaying = steps, vals, true
	return nil
}

// encode is the record of the draws made in the first upTo steps, for
// the result.
func (d *draws) encode(upTo int) *wire.Draws {
	var steps []int
	var vals []uint64
	for i := 0; i < d.n; i++ { // the runtime builds at go 1.21
		r := d.at(i)
		if r.step > upTo {
			break
		}
		steps, vals = append(steps, r.step), append(vals, r.v)
	}
	return wire.EncodeDraws(d.seed, steps, vals)
}

// drawSite counts a goroutine's draws at one site (the mode covers the
// first modeDraws).
type drawSite struct {
	s *Site
	n uint8
}

// mode is how x draws its next value at s.
func (x *g) mode(s *Site) drawMode {
	for i := range x.drawn {
		if d := &x.drawn[i]; d.s == s {
			if d.n >= modeDraws {
				return modeUniform
			}
			d.n++
			return x.sc.modeOf(x)
		}
	}
	if len(x.drawn) >= 16 { // many sites: the rest draw uniformly
		return modeUniform
	}
	x.drawn = append(x.drawn, drawSite{s, 1})
	return x.sc.modeOf(x)
}

// modeOf is x's draw mode in this run.
func (sc *sched) modeOf(x *g) drawMode {
	switch odd := x.id%2 == 1; sc.phase() % 3 {
	case 0:
		if odd {
			return modeLow
		}
		return modeHigh
	case 1:
		if odd {
			return modeHigh
		}
		return modeLow
	}
	return modeUniform
}

// take records value v drawn by x at s (a fresh draw), or returns the
// recorded value instead on replay. The caller holds sc.mu.
func (sc *sched) take(x *g, src drawSource, s *Site, v uint64) uint64 {
	d := &sc.draws
	i, step := d.n, sc.steps.len()
	if d.replaying {
		switch {
		case i >= len(d.replayVals):
			sc.divergeDraw(fmt.Sprintf("replay: diverged at draw %d (%s at %s, step %d): the witness has %d draws; continuing at random", i, src, s, step, len(d.replayVals)))
		case d.replaySteps[i] != step:
			sc.divergeDraw(fmt.Sprintf("replay: diverged at draw %d (%s at %s, step %d): the witness drew it at step %d; continuing at random", i, src, s, step, d.replaySteps[i]))
		default:
			v = d.replayVals[i]
		}
	}
	d.add(drawRec{step, v})
	return v
}

// divergeDraw ends the replay of draws (and of the schedule: what follows
// a diverged draw is no longer the witness's run).
func (sc *sched) divergeDraw(msg string) {
	sc.draws.replaying = false
	if r, ok := sc.strat.(*replay); ok {
		if !r.diverged { // else it said so, and the draws left with it
			r.diverge(msg)
		}
		return
	}
	sc.warn("%s", msg)
}

// drawN draws a value in [0, n) for x at s; n must be at least 1.
func (x *g) drawN(src drawSource, s *Site, n uint64) uint64 {
	if n <= 1 {
		return 0
	}
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.drawNLocked(x, src, s, n)
}

// drawNLocked is drawN with sc.mu held (a select's choice, in exec).
func (sc *sched) drawNLocked(x *g, src drawSource, s *Site, n uint64) uint64 {
	if x.state != gLive {
		return sc.outsideDraw(src, s) % n
	}
	m := modeUniform
	if n <= maxChoice {
		m = x.mode(s)
	}
	var v uint64
	switch m {
	case modeLow:
	case modeHigh:
		v = n - 1
	default:
		v = sc.draws.rng.Uint64N(n)
	}
	return sc.chosenLocked(x, src, s, n, v)
}

// chosenLocked records v, a value in [0, n) chosen for x at s, as a draw
// (on replay, the witness's value instead). The caller holds sc.mu.
func (sc *sched) chosenLocked(x *g, src drawSource, s *Site, n, v uint64) uint64 {
	v = sc.take(x, src, s, v)
	if v >= n { // an edited witness, or another n on replay
		i := sc.draws.n - 1
		sc.divergeDraw(fmt.Sprintf("replay: diverged at draw %d (%s at %s): value %d is not below %d; continuing at random", i, src, s, v, n))
		v %= n
		sc.draws.at(i).v = v
	}
	if sc.expl != nil {
		sc.expl.drew(x, src, s, n, v)
	}
	return v
}

// drawWide draws a 64-bit value for x at s.
func (x *g) drawWide(src drawSource, s *Site) uint64 {
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if x.state != gLive {
		return sc.outsideDraw(src, s)
	}
	v := sc.take(x, src, s, wire.DeriveDraw(sc.draws.seed, sc.draws.n))
	if sc.expl != nil {
		sc.expl.drew(x, src, s, 0, v)
	}
	return v
}

// drawPerm fills p (of length k) with an order of 0..k-1 for x at s: the
// identity (the canonical order), its reverse, or a shuffle. The value
// recorded is 0, 1, or the shuffle's seed (2 or more).
func (x *g) drawPerm(src drawSource, s *Site, p []int) {
	for i := range p {
		p[i] = i
	}
	k := len(p)
	if k <= 1 {
		return
	}
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	v := sc.orderLocked(x, src, s, k)
	switch {
	case v == 1:
		slices.Reverse(p)
	case v >= 2:
		r := rand.New(rand.NewPCG(v, 0x5eed))
		r.Shuffle(k, func(i, j int) { p[i], p[j] = p[j], p[i] })
	}
	if sc.expl != nil && x.state == gLive {
		sc.expl.drewPerm(x, src, s, p)
	}
}

// drawOrder is drawPerm for k > maxPermChoice items whose caller makes
// the order itself from the value: 0 the canonical order, 1 its reverse,
// 2 or more the seed of a pseudo-random one (a map's order sorts its keys
// by their hashes mixed with it: no shuffle to pay for).
func (x *g) drawOrder(src drawSource, s *Site, k int) uint64 {
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	v := sc.orderLocked(x, src, s, k)
	if sc.expl != nil && x.state == gLive {
		sc.expl.drewOrder(src, s, k)
	}
	return v
}

// orderLocked draws the value of an order of k ≥ 2 items (drawPerm).
func (sc *sched) orderLocked(x *g, src drawSource, s *Site, k int) uint64 {
	if x.state != gLive {
		return sc.outsideDraw(src, s) | 2
	}
	m := modeUniform
	if src == srcMap || k <= maxPermChoice {
		m = x.mode(s)
	}
	var v uint64
	switch m {
	case modeLow:
	case modeHigh:
		v = 1
	default:
		v = wire.DeriveDraw(sc.draws.seed, sc.draws.n)
		if v < 2 {
			v += 2
		}
	}
	return sc.take(x, src, s, v)
}

// outsideDraw is a draw by a goroutine outside the scheduler (released by
// the watchdog): its place among the run's draws is not decided by the
// schedule, so it is neither recorded nor replayed. The caller holds
// sc.mu.
func (sc *sched) outsideDraw(src drawSource, s *Site) uint64 {
	if sc.expl != nil {
		sc.expl.unexplored(fmt.Sprintf("a %s at %s by a goroutine outside the scheduler", src, s))
	}
	return sc.draws.rng.Uint64()
}
