package rt

import "slices"

// The enabled set is kept incrementally, so that a decision costs time in
// the goroutines whose standing changed, not in all the live ones (a test
// may start 100,000 goroutines that each sleep, wait on a channel or are
// enabled at once). Every live goroutine is in one of four places:
//
//   - ready: evaluated at the next decision, in ID order, as a scan of all
//     live goroutines would: the running goroutine, goroutines just woken,
//     the test waiting for its end, and a goroutine whose wait ends outside
//     any object (no kindDef.file);
//   - enabled: found able to step (ordset, for the strategies' pick by
//     index in ID order; while there are few, a short list evaluated at
//     every decision instead, without watchers: smallMax). Its operation either always steps (op.stable)
//     or it is filed, as a watcher, under the objects whose change may
//     disable it, and moves back to ready when one of them is operated on
//     (touch, before the chosen goroutine's step) or changes (wakeList);
//     a non-always operation filed under nothing is evaluated again at
//     every decision (volatile);
//   - blocked: its operation could not step when last evaluated; its
//     primitive filed it under the objects whose change can enable it (a
//     mutex's, an RWMutex's, a channel's, a WaitGroup's or a Once's wait
//     list: kindDef.file) and it moves back to ready when one of them
//     changes (wakeList) or when its operation is completed on its behalf
//     or signalled (wakeG); a sleeper is blocked until its timer fires
//     (clock.go);
//   - spinning: a spinner at its poll (countSpin), which runs only when
//     nothing else can, the one that ran longest ago first: in a heap by
//     last run (a test whose goroutines poll a spin lock may have
//     thousands of them).
//
// Evaluation order and results are those of a scan of all live goroutines:
// a blocked goroutine cannot step, and an enabled one stays able to, until
// one of its objects changes. So a seed gives the schedule a full scan
// would give. What the model cannot see — a buffered channel fed or
// drained by code that is not instrumented — is found by a sweep of the
// blocked goroutines now and then (sweepEvery) and whenever the scheduler
// is idle. The strategies hear who enters and leaves the enabled place
// (enWatcher) and keep their choice's structures (priorities, fairness)
// by it.

// enabledSet is the live goroutines, each in one of the three places.
type enabledSet struct {
	ready    gset
	en       ordset
	volatile gset // enabled, re-evaluated at every decision
	blocked  gset
	// spin holds the spinners by the step they last ran at, earliest
	// first, then by ID: the spinner a scan in ID order picks first.
	spin idheap
	// obs hears who enters and leaves the enabled place (the strategy),
	// or nil.
	obs enWatcher
	// touching makes fileIn move the list's watchers to ready instead of
	// filing (touch).
	touching bool
	// sinceSweep counts the decisions since the last sweep.
	sinceSweep int
	// self is the deciding goroutine whose operation was found to step
	// (selfRuns) or not just before the decision, or nil.
	self     *g
	selfRuns bool
	// small is the enabled place while it is short (ID order), en and
	// the strategy's structures once large; enAll is the goroutines by
	// ID-1 (shrink).
	small []*g
	large bool
	enAll *[]*g
	// unfiled are the watchers enabled by the last evaluation, filed
	// once the strategy chose (fileWatchers).
	unfiled []waitRef
	// Buffers reused by every decision.
	readyBuf, enBuf, checkBuf []*g
}

// enWatcher hears the goroutines enter and leave the enabled place.
type enWatcher interface {
	entered(x *g)
	left(x *g)
}

// enPlace is where a live goroutine stands in the enabled set.
type enPlace struct {
	set uint8 // setNone .. setSpin
	// listed: in the enabled place's ordered set and the strategy's
	// structures. Every enabled goroutine is; a ready one may still be
	// (toReady), until the next decision evaluates it.
	listed bool
	gen    uint32 // times it was blocked (stale wait list entries)
}

// Where a live goroutine stands in the enabled set (enPlace.set).
const (
	setNone    uint8 = iota // not live
	setReady                // evaluated at the next decision
	setBlocked              // filed under the objects it waits for
	setSpin                 // in the spinner heap
	setEnabled              // able to step (a watcher if filed)
)

// sweepEvery is the number of decisions between sweeps of the blocked
// goroutines, plus 4 per blocked goroutine so that sweeps cost O(1) per
// decision.
const sweepEvery = 1024

// waitList is an object's wait list: its blocked goroutines, woken when
// it changes, and its watchers, woken also when it is operated on
// (touch), in two lists so that a touch costs time in the watchers only.
type waitList struct {
	blocked, watch []waitRef
}

// waitRef is an entry of a wait list; it is stale once its goroutine left
// the blocked or enabled state it was filed in (gen differs).
type waitRef struct {
	x   *g
	gen uint32
}

func (r waitRef) blocked() bool { return r.x.en.set == setBlocked && r.x.en.gen == r.gen }

func (r waitRef) watching() bool { return r.x.en.set == setEnabled && r.x.en.gen == r.gen }

func (r waitRef) live() bool { return r.blocked() || r.watching() }

// toReady moves live x to the goroutines evaluated at every decision.
// An enabled goroutine stays listed in the enabled place (and in the
// strategy's structures) until that evaluation finds it no longer able
// to step: the goroutine that runs is mostly enabled again at the next
// decision, and leaving and entering at every step is most of a small
// run's decision (enPlace.listed).
func (s *enabledSet) toReady(x *g) {
	switch x.en.set {
	case setReady:
		return
	case setEnabled:
		if s.volatile.n > 0 {
			s.volatile.remove(x.id)
		}
	default:
		s.unset(x)
	}
	x.en.set = setReady
	s.ready.add(x.id)
}

// unlist takes x out of the enabled place's listing (the ordered set and
// the strategy's structures, or the short list) if it is there.
func (s *enabledSet) unlist(x *g) {
	if !x.en.listed {
		return
	}
	x.en.listed = false
	if !s.large {
		// By hand: slices.Delete's copy of pointers costs a call.
		l, i := s.small, len(s.small)-1
		for l[i] != x {
			i--
		}
		for ; i+1 < len(l); i++ {
			l[i] = l[i+1]
		}
		l[i] = nil
		s.small = l[:i]
		return
	}
	s.en.remove(x.id)
	if s.obs != nil {
		s.obs.left(x)
	}
	if s.en.n < smallMin {
		s.shrink()
	}
}

// The enabled place is a short list while it has at most smallMax
// goroutines, and an ordered set with the strategy's structures from
// then until it falls below smallMin. A decision among a few costs less
// scanning them all, as the strategies do a list (the spinner, the
// test's end), than keeping the structures as goroutines come and go
// (two taking turns at a mutex block and wake at every step); the two
// thresholds apart, a switch, O(smallMax), comes only after as many
// goroutines entered or left.
const (
	smallMax = 16
	smallMin = 8
)

// enCount is the number of goroutines listed in the enabled place.
func (s *enabledSet) enCount() int {
	if s.large {
		return s.en.n
	}
	return len(s.small)
}

// listIn lists x, just enabled, in the enabled place.
func (sc *sched) listIn(x *g) {
	s := &sc.set
	x.en.listed = true
	if s.large {
		s.en.add(x.id)
		if s.obs != nil {
			s.obs.entered(x)
		}
		return
	}
	l := append(s.small, x)
	for i := len(l) - 1; i > 0 && l[i-1].id > x.id; i-- {
		l[i], l[i-1] = l[i-1], x
	}
	s.small = l
	if len(l) > smallMax {
		sc.grow(x)
	}
}

// grow moves the short list to the ordered set and the strategy's
// structures, filing its enabled goroutines but x, being enabled, as
// watchers (a short list's are evaluated at every decision instead).
func (sc *sched) grow(x *g) {
	s := &sc.set
	s.large = true
	for _, y := range s.small {
		s.en.add(y.id)
		if s.obs != nil {
			s.obs.entered(y)
		}
		if y != x && y.en.set == setEnabled && !y.op.stable {
			if file := kinds[y.op.kind].file; file != nil {
				y.en.gen++
				file(sc, y)
			} else {
				s.volatile.add(y.id)
			}
		}
	}
	clear(s.small)
	s.small = s.small[:0]
}

// shrink moves the ordered set's goroutines to the short list. Their
// entries as watchers stay, harmless: a watcher woken is evaluated again.
func (s *enabledSet) shrink() {
	s.large = false
	s.small = s.en.list(*s.enAll, s.small[:0])
	for _, y := range s.small {
		s.en.remove(y.id)
		s.volatile.remove(y.id)
		if s.obs != nil {
			s.obs.left(y)
		}
	}
}

// unset takes x out of the enabled set (it leaves the live goroutines).
func (s *enabledSet) unset(x *g) {
	switch x.en.set {
	case setReady:
		s.ready.remove(x.id)
	case setBlocked:
		s.blocked.remove(x.id)
	case setSpin:
		s.spin.remove(x)
	case setEnabled:
		s.volatile.remove(x.id)
	}
	s.unlist(x)
	x.en.set = setNone
}

// enable moves ready x, found able to step, to the enabled place; a
// watcher is filed under its objects (file), a non-always operation with
// none is volatile.
func (sc *sched) enable(x *g) {
	s := &sc.set
	s.ready.remove(x.id)
	x.en.set = setEnabled
	if !x.en.listed {
		sc.listIn(x)
	}
	if x.op.stable || !s.large {
		return
	}
	if kinds[x.op.kind].file != nil {
		x.en.gen++
		s.unfiled = append(s.unfiled, waitRef{x, x.en.gen})
		return
	}
	s.volatile.add(x.id)
}

// fileWatchers files the watchers the last evaluation enabled under their
// objects, but skip: the goroutine chosen to step goes back to ready at
// once, where a watcher's entry is stale. It runs before anything may
// change an object after the evaluation (the chosen goroutine's touch, a
// timer's firing), so that every enabled watcher is filed when it does.
func (sc *sched) fileWatchers(skip *g) {
	s := &sc.set
	for _, r := range s.unfiled {
		if r.x != skip && r.watching() {
			kinds[r.x.op.kind].file(sc, r.x)
		}
	}
	s.unfiled = s.unfiled[:0]
}

// touch moves the watchers of the objects x's chosen operation may change
// to ready, so that the next decision evaluates them again: the
// operation may disable them (a Lock taking the mutex they wait for).
// Changes that may enable wake the wait lists (wakeList).
func (sc *sched) touch(x *g) {
	if !sc.set.large {
		return // the short list is evaluated at every decision
	}
	if n := sc.set.en.n; n == 0 || n == 1 && x.en.listed {
		return // no watcher but x, whose step ends its watch
	}
	d := &kinds[x.op.kind]
	f := d.touch
	if f == nil {
		f = d.file
	}
	if f == nil {
		return
	}
	sc.set.touching = true
	f(sc, x)
	sc.set.touching = false
}

// touchList moves the watchers of wait list l to ready and empties its
// watchers.
func (s *enabledSet) touchList(l *waitList) {
	s.wakeRefs(&l.watch)
}

// wakeList moves the goroutines of wait list l back to ready (their
// object changed: they may now step) and empties it.
func (s *enabledSet) wakeList(l *waitList) {
	s.wakeRefs(&l.blocked)
	s.wakeRefs(&l.watch)
}

// wakeRefs moves the live goroutines of l to ready and empties it.
func (s *enabledSet) wakeRefs(l *[]waitRef) {
	if len(*l) == 0 {
		return
	}
	for _, r := range *l {
		if r.live() {
			s.toReady(r.x)
		}
	}
	// The entries are not cleared: the run keeps every goroutine
	// (goroutines.all), so they hold nothing alive.
	*l = (*l)[:0]
}

// wakeG moves x back to ready if it is blocked: its operation was completed
// on its behalf, or a signal came.
func (s *enabledSet) wakeG(x *g) {
	if x.en.set == setBlocked {
		s.toReady(x)
	}
}

// toSpin moves ready x, a spinner at its poll, to the spinner heap: it can
// always step, but runs only when nothing else can (enabled), and its
// standing does not change until it runs.
func (s *enabledSet) toSpin(x *g) {
	s.unlist(x)
	s.ready.remove(x.id)
	x.en.set = setSpin
	s.spin.push(x, -float64(x.lastRun)) // its standing stays until it runs
}

// fileIn adds blocked or watching x to wait list l, dropping stale
// entries when the list is full so that it stays proportional to its
// waiters; while touching, it moves l's watchers to ready instead.
func fileIn(wl *waitList, x *g) {
	if s := &x.sc.set; s.touching {
		s.touchList(wl)
		return
	}
	l := &wl.blocked
	if x.en.set == setEnabled {
		l = &wl.watch
	}
	if len(*l) >= 8 && len(*l) == cap(*l) {
		n := 0
		for _, r := range *l {
			if r.live() {
				(*l)[n] = r
				n++
			}
		}
		clear((*l)[n:])
		*l = (*l)[:n]
	}
	*l = append(*l, waitRef{x, x.en.gen})
}

// waitLists are the wait lists of objects of one kind (WaitGroups, Onces)
// by object.
type waitLists[K comparable] map[K]waitList

// file adds blocked x to the wait list of k.
func (ws *waitLists[K]) file(k K, x *g) {
	if x.sc.set.touching {
		if l, ok := (*ws)[k]; ok {
			x.sc.set.touchList(&l)
			(*ws)[k] = l
		}
		return
	}
	if *ws == nil {
		*ws = waitLists[K]{}
	}
	l := (*ws)[k]
	fileIn(&l, x)
	(*ws)[k] = l
}

// wake moves the goroutines waiting on k back to ready: k changed.
func (ws waitLists[K]) wake(s *enabledSet, k K) {
	if s.blocked.n == 0 && s.enCount() == 0 {
		return
	}
	if l, ok := ws[k]; ok {
		delete(ws, k)
		s.wakeList(&l)
	}
}

// block files ready x, whose operation cannot step, under the objects it
// waits for (its primitive's file). A goroutine whose wait ends outside
// any object (a parent waiting for a subtest) stays ready.
func (sc *sched) block(x *g) {
	s := &sc.set
	s.unlist(x)
	file := kinds[x.op.kind].file
	if file == nil {
		return
	}
	s.ready.remove(x.id)
	s.blocked.add(x.id)
	x.en.set = setBlocked
	x.en.gen++
	file(sc, x)
}

// sweep moves the blocked goroutines that can step to ready: they were
// enabled by something outside the model.
func (sc *sched) sweep() {
	s := &sc.set
	s.sinceSweep = 0
	if s.blocked.n == 0 {
		return
	}
	for _, x := range s.blocked.list(sc.gs.all, nil) {
		if sc.canRun(x) {
			s.toReady(x)
		}
	}
}

// sweepSometimes sweeps the blocked goroutines when it is time.
func (sc *sched) sweepSometimes() {
	s := &sc.set
	s.sinceSweep++
	if s.blocked.n > 0 && s.sinceSweep > sweepEvery+4*s.blocked.n {
		sc.sweep()
	}
}

// enabled returns the goroutines that can take a step, in ID order, having
// evaluated the ready ones. Spinning goroutines and a test waiting for the
// end only when nothing else can: idle reports that case (or none at all),
// in which the clock may jump (clock.go).
func (sc *sched) enabled() (en enView, idle bool) {
	if len(sc.set.unfiled) > 0 {
		sc.fileWatchers(nil) // a decision left unfinished
	}
	sc.sweepSometimes()
	s := &sc.set
	if !s.large {
		// The short list's enabled goroutines are evaluated at every
		// decision; those that can no longer step go to ready, to be
		// placed.
		for i := 0; i < len(s.small); i++ {
			if x := s.small[i]; x.en.set == setEnabled && !x.op.stable && !sc.canRun(x) {
				s.toReady(x)
			}
		}
	}
	if s.volatile.n > 0 {
		s.readyBuf = s.volatile.list(sc.gs.all, s.readyBuf[:0])
		for _, x := range s.readyBuf {
			s.toReady(x)
		}
	}
	var end *g
	s.readyBuf = s.ready.list(sc.gs.all, s.readyBuf[:0])
	for _, x := range s.readyBuf {
		if x.op.stable {
			sc.enable(x)
			continue
		}
		runs := false
		if x == s.self {
			runs = s.selfRuns
		} else {
			runs = sc.canRun(x)
		}
		f := kinds[x.op.kind].flags
		switch {
		case !runs:
			sc.block(x)
		case f&ending != 0:
			s.unlist(x)
			end = x
		case spinning(x):
			s.toSpin(x)
		default:
			stays := kinds[x.op.kind].stays
			x.op.stable = f&always != 0 || stays != nil && stays(sc, x)
			sc.enable(x)
		}
	}
	if verifySets {
		sc.checkSets()
	}
	idle = s.enCount() == 0
	en = listView(s.small)
	if s.large {
		en = enView{set: &s.en, all: sc.gs.all}
	}
	if idle {
		// Only spinners at their polls: the one that waited longest
		// runs, so that spinners that wait for each other cannot
		// livelock in lock step under a fixed priority.
		s.enBuf = s.enBuf[:0]
		if first := s.spin.top(); first != nil {
			s.enBuf = append(s.enBuf, first)
		}
		en = listView(s.enBuf)
	}
	if end != nil && (en.Len() == 0 || sc.endDue(idle) || sc.replayWants(end)) {
		s.enBuf = append(s.enBuf[:0], end)
		en = listView(s.enBuf)
	}
	return en, idle
}

// chosen moves next, which the strategy chose, to ready (its operation
// changes) and the watchers its step may disable with it (touch).
func (sc *sched) chosen(next *g) {
	if len(sc.set.unfiled) > 0 {
		sc.fileWatchers(next)
	}
	sc.touch(next)
	if next.en.set == setEnabled {
		sc.set.toReady(next)
	}
}

// anyEnabled reports whether a live goroutine can step; it first moves
// the blocked goroutines something outside the model enabled to ready.
func (sc *sched) anyEnabled() bool {
	sc.sweep()
	if t := sc.clock.useful(); sc.set.spin.Len() > 0 || t != nil && sc.mayJump(t) {
		return true
	}
	for _, y := range sc.set.en.list(sc.gs.all, sc.set.ready.list(sc.gs.all, slices.Clone(sc.set.small))) {
		if sc.canRun(y) {
			return true
		}
	}
	return false
}

// checkSets panics if the enabled set disagrees with the model: a blocked
// goroutine that can step. Tests turn it on (verifySets) for runs with few
// goroutines.
func (sc *sched) checkSets() {
	s := &sc.set
	if sc.gs.live.n > 256 {
		return
	}
	s.checkBuf = sc.gs.live.list(sc.gs.all, s.checkBuf[:0])
	listed := 0
	for _, x := range s.checkBuf {
		if x.en.listed != (x.en.set == setEnabled) {
			panic("invariant violation: rt: enabled place listing disagrees with the goroutine's place")
		}
		if x.en.listed {
			listed++
		}
		switch x.en.set {
		case setBlocked:
			if sc.canRun(x) {
				panic("invariant violation: rt: blocked goroutine can step: " + x.op.kind.String())
			}
		case setSpin:
			if !sc.canRun(x) || !spinning(x) || x.op.kind.has(ending) {
				panic("invariant violation: rt: spinner is not at a poll")
			}
		case setNone:
			panic("invariant violation: rt: live goroutine outside the enabled set")
		case setEnabled:
			if !sc.canRun(x) || spinning(x) || x.op.kind.has(ending) {
				panic("invariant violation: rt: enabled goroutine cannot step: " + x.op.kind.String())
			}
		}
	}
	if listed != s.enCount() {
		panic("invariant violation: rt: enabled place lists a goroutine that is not live")
	}
}

// verifySets makes every decision check the enabled set (tests).
var verifySets bool
