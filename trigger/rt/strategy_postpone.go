package rt

import (
	"slices"
	"time"
)

// postponer holds goroutines back at chosen sites, for the directed
// strategy's blocking candidates (a lock held across a channel
// operation, a select that can leave its partner waiting): a goroutine
// about to step at a Postpone site is not chosen while another goroutine
// can step, until some other goroutine steps at an Until site (with no
// Until sites, until nothing else can step). While everything that can
// step is held back, the clock may jump to the next timer due within
// maxHeldDelay (advance asks holdsAll), so a timeout or a deadline fires
// first, as it would if the held goroutine were slow (slow by
// maxHeldLockDelay only when it is held at a lock acquisition); after
// maxHeldFires such firings, or when nothing else can step, the held
// goroutines are released for their current operation. A held
// goroutine's pending channel operation is still a partner, but a
// select with another case ready takes that one (chooseCase, select.go):
// held means not there yet. At a site both Postpone and Until (siblings
// racing for one operation, predict's sibling flips) only the first
// goroutine found there is held: the others are what it waits for. A
// timer created at a Postpone site does not fire early or when merely due
// (holdsTimer), and loses its ties: it fires when it is overdue or
// nothing else can happen.
//
// Unlike a change point, a postponement costs no randomness: it orders
// the candidate's two operations the one way the recorded runs did not.
type postponer struct {
	late, until func(*Site) bool
	free        map[*g]bool // released for their current operation
	fires       int         // firings while everything was held
	since       int64       // the clock at the first of them
	spent       int64       // the clock's jumps while everything was held, in all
	timersFree  bool        // a step at an Until site released the held timers
	first       *g          // held at a site both Postpone and Until, first of those there
	cand        []*g
}

// maxHeldDelay is the furthest the clock moves, in all, while every
// enabled goroutine is held, in one hold and over the whole run: held
// goroutines are taken as slow by at most 20 ms. A test's own timing
// margins ("fail if nothing happened within a second") are not what a
// blocking candidate is about, and a jump past them makes a passing test
// fail, not deadlock; nor is a loop held at every pass (a node's status
// reply held at each of a test's polls stalls its heartbeats until the
// cluster elects another leader and drops the test's proposals).
const maxHeldDelay = int64(20 * time.Millisecond)

// maxHeldLockDelay is maxHeldDelay for a goroutine held at a lock
// acquisition: the lock is free and the program takes it at once, so it
// is taken as slow by a millisecond at most, a scheduling delay (longer,
// a receive loop held at its lock lets its partners' write deadlines
// fire; a keeper held at its Lock while a 1 ms ticker goes on is how
// corpus/deadlock/tokenchan deadlocks).
const maxHeldLockDelay = int64(time.Millisecond)

// maxHeldFires bounds the timers fired while every enabled goroutine is
// held, from one step of a held goroutine to the next: a ticker never
// lets the scheduler go idle, and the goroutines it wakes must not keep
// a hold alive for good.
const maxHeldFires = 4

func newPostponer(t targets) *postponer {
	if len(t.Postpone) == 0 {
		return nil
	}
	return &postponer{late: siteSet(t.Postpone), until: siteSet(t.Until), free: map[*g]bool{}}
}

// siteSet reports whether a site is one of list, cached per *Site.
func siteSet(list []string) func(*Site) bool {
	seen := map[*Site]bool{}
	return func(s *Site) bool {
		if s == nil || len(list) == 0 {
			return false
		}
		in, ok := seen[s]
		if !ok {
			in = slices.Contains(list, s.String())
			seen[s] = in
		}
		return in
	}
}

// held reports whether x is held back at its current operation.
func (p *postponer) held(x *g) bool {
	s := x.op.site
	if !p.late(s) || p.free[x] {
		return false
	}
	if !p.until(s) {
		return true
	}
	if p.first == nil || p.first.state != gLive || !p.late(p.first.op.site) || !p.until(p.first.op.site) {
		p.first = x
	}
	return p.first == x
}

// filter returns the goroutines of en that are not held back; if all
// are, it releases them and returns en.
func (p *postponer) filter(en []*g) []*g {
	p.cand = p.cand[:0]
	for _, x := range en {
		if !p.held(x) {
			p.cand = append(p.cand, x)
		}
	}
	if len(p.cand) > 0 {
		return p.cand
	}
	for _, x := range en {
		p.free[x] = true
	}
	return en
}

// stepped notes that x was chosen: its next operation may be held again,
// and a step at an Until site releases the goroutines held elsewhere.
func (p *postponer) stepped(x *g, en []*g) {
	delete(p.free, x)
	if p.first == x {
		p.first = nil
	}
	if p.late(x.op.site) { // a held goroutine goes on: the next hold may jump again
		p.fires = 0
	}
	if !p.until(x.op.site) {
		return
	}
	p.timersFree = true
	for _, y := range en {
		if y != x && p.late(y.op.site) {
			p.free[y] = true
		}
	}
}

// holdsAll reports whether every goroutine of en is held back, so the
// clock (now) may move as if none could step, to a timer due at when: at
// most maxHeldDelay after the hold began (the first such jump since a
// held goroutine last stepped: the delays of successive jumps add up), or
// maxHeldLockDelay while one of them is held at a lock acquisition, and
// while the run's jumps in all stay within maxHeldDelay.
func (p *postponer) holdsAll(en []*g, now, when int64) bool {
	if len(en) == 0 || p.fires >= maxHeldFires {
		return false
	}
	since := now
	if p.fires > 0 {
		since = p.since
	}
	due, jump := when-since, max(0, when-now)
	if due > maxHeldDelay || p.spent+jump > maxHeldDelay {
		return false
	}
	for _, x := range en {
		if !p.held(x) || x.op.isAcquire() && due > maxHeldLockDelay {
			return false
		}
	}
	if p.fires == 0 {
		p.since = now
	}
	p.fires++
	p.spent += jump
	return true
}

// holdsTimer reports whether t, created at a Postpone site, should not
// fire early or when merely due.
func (p *postponer) holdsTimer(t *vtimer) bool { return !p.timersFree && p.late(t.site) }

// tie prefers a timer not created at a Postpone site; -1 when all are or
// none is (the directed strategy then alternates by seed).
func (p *postponer) tie(ts []*vtimer) int {
	late := func(t *vtimer) bool { return p.late(t.site) }
	if p.timersFree || !slices.ContainsFunc(ts, late) {
		return -1
	}
	return slices.IndexFunc(ts, func(t *vtimer) bool { return !late(t) })
}
