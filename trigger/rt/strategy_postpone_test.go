package rt

import "testing"

// A goroutine at a Postpone site is held back while another can step,
// released when another steps at an Until site, and released when it is
// all that can step.
func TestPostponer(t *testing.T) {
	late, until, other := &Site{File: "a.go", Line: 1, Col: 1}, &Site{File: "a.go", Line: 2, Col: 1}, &Site{File: "a.go", Line: 3, Col: 1}
	p := newPostponer(targets{Postpone: []string{late.String()}, Until: []string{until.String()}})
	x, y := &g{id: 1}, &g{id: 2}
	x.op.site, y.op.site = late, other
	en := []*g{x, y}
	if c := p.filter(en); len(c) != 1 || c[0] != y {
		t.Fatalf("filter: %v, want y alone", c)
	}
	if p.holdsAll(en, 0, 0) {
		t.Error("holdsAll with y free")
	}
	if !p.holdsAll([]*g{x}, 0, 0) {
		t.Error("holdsAll: x alone is held")
	}
	if p.holdsAll([]*g{x}, 0, maxHeldDelay+1) {
		t.Error("holdsAll: x held while the clock jumps past maxHeldDelay")
	}
	p.stepped(y, en) // y at another site: x stays held
	if !p.held(x) {
		t.Error("x released by a step elsewhere")
	}
	y.op.site = until
	p.stepped(y, en)
	if p.held(x) {
		t.Error("x still held after y stepped at the Until site")
	}
	p.stepped(x, en) // x's next op at the late site is held again
	if !p.held(x) {
		t.Error("x's next operation not held")
	}
	if c := p.filter([]*g{x}); len(c) != 1 || p.held(x) {
		t.Error("x alone: not released")
	}
}

// A timer created at a Postpone site loses ties and is held until a step
// at an Until site.
func TestPostponerTimers(t *testing.T) {
	late, until := &Site{File: "a.go", Line: 1, Col: 1}, &Site{File: "a.go", Line: 2, Col: 1}
	p := newPostponer(targets{Postpone: []string{late.String()}, Until: []string{until.String()}})
	other := &Site{File: "b.go", Line: 1, Col: 1}
	if i := p.tie([]*vtimer{{site: late}, {site: other}}); i != 1 {
		t.Errorf("tie chose %d, want 1", i)
	}
	if !p.holdsTimer(&vtimer{site: late}) || p.holdsTimer(&vtimer{site: other}) {
		t.Error("holdsTimer")
	}
	y := &g{id: 2}
	y.op.site = until
	p.stepped(y, []*g{y})
	if p.holdsTimer(&vtimer{site: late}) {
		t.Error("timer held after the Until step")
	}
}

// Jumps while everything is held are bounded between two steps of held
// goroutines, whatever the others do (a ticker's goroutine).
func TestPostponerJumpsBounded(t *testing.T) {
	late, other := &Site{File: "a.go", Line: 1, Col: 1}, &Site{File: "a.go", Line: 3, Col: 1}
	p := newPostponer(targets{Postpone: []string{late.String()}})
	x, y := &g{id: 1}, &g{id: 2}
	x.op.site, y.op.site = late, other
	n := 0
	for range 100 {
		if p.holdsAll([]*g{x}, 0, 0) {
			n++
		}
		p.stepped(y, []*g{x, y}) // the ticker's goroutine steps in between
	}
	if n != maxHeldFires {
		t.Errorf("%d jumps, want %d", n, maxHeldFires)
	}
}

// A goroutine held at a lock acquisition is taken as slow by a
// millisecond at most: the clock may jump past it to a timer due that
// soon, not to a 10 ms deadline.
func TestPostponerLockHold(t *testing.T) {
	p, x := heldAlone()
	x.op.kind = opLock
	if !x.op.isAcquire() {
		t.Fatal("x is not at an acquisition")
	}
	if !p.holdsAll([]*g{x}, 0, maxHeldLockDelay) {
		t.Error("the clock may not move 1 ms past a goroutine held at a Lock")
	}
	if p.holdsAll([]*g{x}, 0, 10*maxHeldLockDelay) {
		t.Error("the clock may move 10 ms past a goroutine held at a Lock")
	}
}

// The delays of successive jumps while a goroutine is held add up: it is
// taken as slow by maxHeldDelay in all, not per jump.
func TestPostponerDelaysAddUp(t *testing.T) {
	p, x := heldAlone()
	d := maxHeldDelay / 5
	if !p.holdsAll([]*g{x}, 0, 3*d) {
		t.Fatal("no first jump of 3/5 maxHeldDelay")
	}
	if p.holdsAll([]*g{x}, 3*d, 6*d) {
		t.Error("a second jump took the held goroutine 6/5 maxHeldDelay late")
	}
	if !p.holdsAll([]*g{x}, 3*d, 5*d) {
		t.Error("no second jump within maxHeldDelay of the hold's start")
	}
	p.stepped(x, []*g{x})
	if p.holdsAll([]*g{x}, 6*d, 7*d) {
		t.Error("after the held goroutine stepped, a new hold jumped past the run's maxHeldDelay")
	}
}

// Holds jump within maxHeldDelay in all over the run, not per hold: a
// loop held at every pass is not taken as slow by 20 ms at each.
func TestPostponerRunBudget(t *testing.T) {
	p, x := heldAlone()
	d := maxHeldDelay / 5
	now := int64(0)
	for i := range 2 {
		if !p.holdsAll([]*g{x}, now, now+2*d) {
			t.Fatalf("hold %d: no jump of 2/5 maxHeldDelay", i+1)
		}
		now += 2 * d
		p.stepped(x, []*g{x})
	}
	if p.holdsAll([]*g{x}, now, now+2*d) {
		t.Error("a third hold jumped 2/5 maxHeldDelay: 6/5 in all")
	}
	if !p.holdsAll([]*g{x}, now, now+d) {
		t.Error("a third hold may not jump the 1/5 maxHeldDelay left")
	}
}

// At a site both Postpone and Until (siblings racing for one operation)
// the first goroutine found there is held and the later ones are not:
// one of them steps there first, which releases it.
func TestPostponerFirstAtSharedSite(t *testing.T) {
	s, other := &Site{File: "a.go", Line: 1, Col: 1}, &Site{File: "a.go", Line: 2, Col: 1}
	p := newPostponer(targets{Postpone: []string{s.String()}, Until: []string{s.String()}})
	x, y, z := &g{id: 1}, &g{id: 2}, &g{id: 3}
	x.op.site, y.op.site, z.op.site = s, other, other
	if c := p.filter([]*g{x, y}); len(c) != 1 || c[0] != y {
		t.Fatalf("filter: %v, want y alone (x, first at the site, held)", c)
	}
	y.op.site = s // y arrives second: not held
	if c := p.filter([]*g{x, y, z}); len(c) != 2 || c[0] != y || c[1] != z {
		t.Fatalf("filter: %v, want y and z", c)
	}
	if !p.held(x) {
		t.Error("x released before another stepped at the site")
	}
	p.stepped(y, []*g{x, y, z})
	if p.held(x) {
		t.Error("x still held after y stepped at the site")
	}
	p.stepped(x, []*g{x, z})
	z.op.site = s // x's next operation at the site: held again, z now second
	if !p.held(x) || p.held(z) {
		t.Errorf("after x stepped: x held %v, z held %v; want x held, z not", p.held(x), p.held(z))
	}
}

// heldAlone returns a postponer of one Postpone site and a goroutine at
// it.
func heldAlone() (*postponer, *g) {
	late := &Site{File: "a.go", Line: 1, Col: 1}
	x := &g{id: 1}
	x.op.site = late
	return newPostponer(targets{Postpone: []string{late.String()}}), x
}
