package rt

import "os"

// How the token passes between managed goroutines.
//
// A parked managed goroutine waits either on its wake channel or in a
// runtime coroutine (coro.go). A switch through a coroutine runs the chosen
// goroutine on the deciding goroutine's thread without Go's scheduler,
// several times cheaper than a channel wake and park; a ping-pong over
// channels needs one at nearly every scheduling point.
//
// A coroutine always holds one parked goroutine, so a goroutine can only
// park in one by taking the place of another:
//   - handTo: the deciding goroutine x switches into the coroutine of the
//     chosen y, and parks there in y's place;
//   - a goroutine with nobody to switch to (a new goroutine, or one whose
//     chosen successor waits on its channel) parks in a spare: a coroutine
//     held by a stand-in, which records it as parked there and ends;
//   - a decision taken by a goroutine that goes on running (the watchdog, a
//     goroutine leaving the scheduler or ending) wakes a goroutine parked in
//     a coroutine through a new stand-in goroutine that takes its place.
//
// Spares are made by newcoro when none is left, as seeds: a seed is the
// coroutine's own goroutine, which must stay until the coroutine is no
// longer used (it ends the coroutine by returning); releaseSpares ends them
// all once no managed goroutine is left.
//
// A goroutine is recorded as parked in a coroutine (parkedIn) only once it
// is: by the deciding goroutine itself in handTo, where nobody can choose it
// before the goroutine it switched to runs (inflight keeps the watchdog
// from releasing that one meanwhile), and otherwise by the stand-in that it
// resumed. Until then a decision wakes it through its channel, and the
// stand-in passes the token on. cmu orders the stand-in's look at the wake
// channel and its record against a decision's look at the record and its
// send, so that the two cannot cross; it also guards the spares.

// useCoro is false when coroutines are unavailable or switched off
// (DEADHUNT_CORO=off, to compare).
var useCoro = coroOK && os.Getenv("DEADHUNT_CORO") != "off"

// spare is a coroutine held by a goroutine no managed goroutine needs.
type spare struct {
	c      *coro
	parker *g    // the goroutine that parks in c in the holder's place
	quit   bool  // releaseSpares: nobody parks, the holder ends
	seed   *seed // c's own goroutine holds it (it has not run yet, or it switched back)
}

// seed is the goroutine of a coroutine newcoro made.
type seed struct {
	done chan struct{} // closed by releaseSpares: the seed may end
}

// handTo passes the token from x, which parks next, to y. It returns the
// coroutine x must switch into, or nil if y was woken through its channel
// or a stand-in (x then parks with park). Called with sc.mu held.
func (sc *sched) handTo(x, y *g) *coro {
	// Without cmu: only a holder of sc.mu takes y out of its coroutine,
	// and y's stand-in records it there before anyone can see it.
	if c := y.parkedIn.Load(); c != nil && !lockedOSThread() {
		y.parkedIn.Store(nil)
		y.msg, y.via = wakeRun, nil
		y.inflight.Store(true)
		x.parkedIn.Store(c)
		return c
	}
	sc.wakeUp(y, wakeRun)
	return nil
}

// wakeUp delivers m to the parked goroutine y from a goroutine that goes
// on running. Called with sc.mu held.
func (sc *sched) wakeUp(y *g, m wakeMsg) {
	sc.cmu.Lock()
	c := y.parkedIn.Load()
	if c == nil {
		y.wake <- m
		sc.cmu.Unlock()
		return
	}
	s := &spare{c: c}
	y.parkedIn.Store(nil)
	y.msg, y.via = m, s
	sc.cmu.Unlock()
	go func() {
		coroswitch(c) // y runs; this goroutine holds c as a spare
		sc.standIn(s)
	}()
}

// park waits until x is chosen, answering stack dump requests meanwhile.
func (x *g) park() {
	sc := x.sc
	if !useCoro || lockedOSThread() {
		x.parkChan()
		return
	}
	for {
		sc.cmu.Lock()
		select {
		case m := <-x.wake: // chosen already
			sc.cmu.Unlock()
			if m == wakeRun {
				return
			}
			x.answerDump()
			continue
		default:
		}
		s := sc.takeSpare()
		s.parker = x
		sc.cmu.Unlock()
		coroswitch(s.c)
		x.resumed()
		return
	}
}

// parkChan parks x on its wake channel.
func (x *g) parkChan() {
	for {
		if <-x.wake == wakeRun {
			return
		}
		x.answerDump()
	}
}

// answerDump captures x's stack for dumpStacks.
func (x *g) answerDump() {
	x.stack = captureStack()
	x.sc.dumped <- struct{}{}
}

// resumed runs in x when a switch into the coroutine it parked in wakes it.
func (x *g) resumed() {
	sc := x.sc
	x.inflight.Store(false)
	for {
		s := x.via
		x.via = nil
		if x.msg == wakeRun {
			if s != nil { // its stand-in holds the coroutine now
				sc.cmu.Lock()
				sc.spares = append(sc.spares, s)
				sc.cmu.Unlock()
			}
			return
		}
		x.answerDump()
		s.parker = x // park again in the stand-in's place
		coroswitch(s.c)
	}
}

// takeSpare returns a spare coroutine to park in. Called with sc.cmu held.
func (sc *sched) takeSpare() *spare {
	if n := len(sc.spares); n > 0 {
		s := sc.spares[n-1]
		sc.spares[n-1] = nil
		sc.spares = sc.spares[:n-1]
		return s
	}
	sd := &seed{done: make(chan struct{})}
	s := &spare{seed: sd}
	s.c = newcoro(func(*coro) {
		if sc.standIn(s) {
			return // releaseSpares switched in; returning resumes it
		}
		<-sd.done
		// Returning ends the coroutine and resumes its holder, a
		// stand-in that releaseSpares told to quit.
	})
	sc.seeds = append(sc.seeds, sd)
	return s
}

// standIn runs in the goroutine holding s.c when a goroutine parks in its
// place: it records the parker as parked there, or, if the parker was
// chosen meanwhile, switches back to it. It reports whether it was told to
// quit instead.
func (sc *sched) standIn(s *spare) (quit bool) {
	for {
		if s.quit {
			return true
		}
		x := s.parker
		s.parker = nil
		sc.cmu.Lock()
		select {
		case m := <-x.wake: // chosen before it was known to be parked
			x.msg, x.via = m, s
			sc.cmu.Unlock()
			coroswitch(s.c)
			continue
		default:
		}
		x.parkedIn.Store(s.c)
		s.seed = nil // a seed no longer holds its coroutine
		sc.cmu.Unlock()
		return false
	}
}

// releaseSpares ends the spares and the seeds once no managed goroutine is
// left, so that a check for leaked goroutines after the tests (goleak)
// finds none of them. Called by the goroutine that finds the scheduler
// empty, with sc.mu held.
func (sc *sched) releaseSpares() {
	sc.cmu.Lock()
	spares, seeds := sc.spares, sc.seeds
	sc.spares, sc.seeds = nil, nil
	sc.cmu.Unlock()
	for _, s := range spares {
		s.quit = true
	}
	for _, s := range spares {
		if s.seed != nil { // held by its own goroutine: run it to its end
			coroswitch(s.c)
		}
	}
	for _, sd := range seeds {
		close(sd.done)
	}
}
