package rt

import (
	"runtime"
	"testing"
	"time"
)

// The states of the channels MadeChan numbered go once the channels are
// collected: a test that makes a channel per entry of its watch sets kept
// hundreds of thousands. Channels still reachable keep theirs, numbers
// included (the order of a map keyed by them).
func TestChanStatesOfCollectedDropped(t *testing.T) {
	const made = 20000
	var states int
	var keptSeq, liveSeq uint64
	var kept chan int
	_, err := RunScenario(Config{Strategy: "random", Seed: 1, WatchdogMS: 1000}, 10*time.Second, func() {
		kept = MadeChan(make(chan int))
		sc := active()
		sc.mu.Lock()
		keptSeq = chanModel.of(sc).get(chanKey(kept)).seq
		sc.mu.Unlock()
		for range made {
			MadeChan(make(chan struct{}))
		}
		// The cleanups run in the runtime's goroutine after a collection;
		// the states go at a later MadeChan. Rounds, not time: a loaded
		// machine may run that goroutine late.
		cs := chanModel.of(sc)
		for range 100 {
			runtime.GC()
			runtime.Gosched()
			for range deadBatch + 1 {
				MadeChan(make(chan struct{}))
			}
			sc.mu.Lock()
			states = len(cs.states)
			sc.mu.Unlock()
			if states < made/4 {
				break
			}
		}
		sc.mu.Lock()
		liveSeq = cs.get(chanKey(kept)).seq
		sc.mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if states >= made/4 {
		t.Errorf("%d channel states kept after %d channels made and dropped, want most of them gone", states, made)
	}
	if keptSeq != 1 || liveSeq != 1 {
		t.Errorf("the channel still held is numbered %d, then %d; want 1 throughout", keptSeq, liveSeq)
	}
	runtime.KeepAlive(kept)
}

// drop forgets a state only if it is the collected channel's: a newer
// channel at the same address keeps its own.
func TestChanDropKeepsNewerAtAddress(t *testing.T) {
	cs := &channels{}
	const k = 0x1000
	cs.renew(k, 7) // the newer channel, made at the collected one's address
	cs.dead.list = []deadChan{{k, 3}}
	cs.drop()
	if st := cs.states[k]; st == nil || st.seq != 7 {
		t.Fatalf("state at %#x: %+v, want the newer channel's (7)", k, st)
	}
	cs.dead.list = []deadChan{{k, 7}}
	cs.drop()
	if _, ok := cs.states[k]; ok {
		t.Fatal("the collected channel's state was kept")
	}
	if e := cs.cache[addrHash(k, 6)]; e.k == k {
		t.Fatal("the cache still holds the dropped state")
	}
}
