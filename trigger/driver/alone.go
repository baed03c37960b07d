package driver

import (
	"context"
	"sync"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A test's runs have their own working directories (workdir.go), but
// processes running at once may still share other things: a fixed port, a
// fixed file name in /tmp, a path found through the source's location. A
// test whose plain run misbehaves beside other processes, or in a copy of
// its directory (a test that compares its working directory with its
// source's), is run again alone, no other process running, in its
// package directory itself, before the failure is blamed on it; if it
// then passes, the failure was deadhunt's doing, and the rest of the
// test's runs are made so too (TestStats.Alone).

// sharing is what the runners of one hunt (the recording's and the
// hunt's) know of the processes they run at once.
type sharing struct {
	excl sync.RWMutex // held for writing by a run made alone, for reading by the others

	mu     sync.Mutex
	active int              // processes alive
	starts int              // processes started so far
	alone  map[TestKey]bool // tests whose runs are made alone
}

func newSharing() *sharing { return &sharing{alone: map[TestKey]bool{}} }

// setAlone has every later run of test k made alone.
func (s *sharing) setAlone(k TestKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.alone[k] = true
}

// isAlone reports whether test k's runs are made alone.
func (s *sharing) isAlone(k TestKey) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.alone[k]
}

// begin is called as a run of test k starts (the caller holds a process
// slot); it waits until the run may go on: a run made alone when no other
// process runs. The returned end, called once the process ended, reports
// whether it ran alone: no other process alive at any time beside it.
func (s *sharing) begin(k TestKey) (end func() (alone bool)) {
	s.mu.Lock()
	excl := s.alone[k]
	s.mu.Unlock()
	if excl {
		s.excl.Lock()
	} else {
		s.excl.RLock()
	}
	s.mu.Lock()
	overlapped := s.active > 0
	s.active++
	s.starts++
	start := s.starts
	s.mu.Unlock()
	return func() bool {
		s.mu.Lock()
		s.active--
		overlapped = overlapped || s.starts != start
		s.mu.Unlock()
		if excl {
			s.excl.Unlock()
		} else {
			s.excl.RUnlock()
		}
		return !overlapped
	}
}

// again makes a plain run that misbehaved beside other processes again,
// alone, and returns it. If it no longer misbehaves, the test's later
// runs are made alone and its stats say why; the run beside others is
// counted among the test's runs either way.
func (t *testHunt) again(ctx context.Context, beside *run) (*run, error) {
	share := t.h.runner.share
	share.setAlone(TestKey{t.pkg.ImportPath, t.test})
	rn, err := t.h.runner.exec(ctx, t.pkg, t.test, wire.Config{Strategy: report.Plain, WatchdogMS: t.h.opts.WatchdogMS})
	if err != nil {
		return nil, err
	}
	rn.alone = true // every other process waited for it
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stats.count(beside)
	t.h.send(t, Progress{Run: runDone(beside)})
	if !rn.Outcome.Bad() {
		t.stats.Alone = &Failure{Outcome: beside.Outcome, Tail: beside.Tail}
	}
	return rn, nil
}
