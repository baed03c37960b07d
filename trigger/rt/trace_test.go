package rt_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// readTrace parses a trace with predict's reader (the format's owner).
func readTrace(t *testing.T, name string) []trace.Event {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := trace.NewReader(f)
	var evs []trace.Event
	for {
		ev, err := r.ReadEvent()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return evs
			}
			t.Fatalf("trace: %v", err)
		}
		evs = append(evs, ev)
	}
}

func TestTraceRecordsLockOrder(t *testing.T) {
	name := filepath.Join(t.TempDir(), "trace.txt")
	r := run(t, rt.Config{Strategy: "random", Seed: 1, Trace: name}, "ordered")
	if r.Deadlock != nil {
		t.Fatal(r.Deadlock.Message)
	}
	evs := readTrace(t, name)
	count := map[trace.Op]int{}
	for _, ev := range evs {
		count[ev.Op]++
	}
	// ordered: 3 goroutines each acquire first then second; WGGo starts
	// them; the WGWait joins their Done.
	if count[trace.OpRun] != 1 || count[trace.OpAcq] != 6 || count[trace.OpRel] != 6 || count[trace.OpGo] != 3 || count[trace.OpEnd] != 3 || count[trace.OpHB] != 3 {
		t.Errorf("event counts %v", count)
	}
	var classes []string
	for _, ev := range evs {
		if ev.Op == trace.OpLock {
			classes = append(classes, ev.Name)
		}
	}
	if strings.Join(classes, ",") != "p.first,p.second" {
		t.Errorf("lock classes %v", classes)
	}
}

func TestTraceHappensBefore(t *testing.T) {
	name := filepath.Join(t.TempDir(), "trace.txt")
	run(t, rt.Config{Strategy: "random", Seed: 2, Trace: name}, "pingpong")
	hb := map[[2]int]bool{}
	for _, ev := range readTrace(t, name) {
		if ev.Op == trace.OpHB {
			hb[[2]int{ev.G, ev.Peer}] = true
		}
	}
	if !hb[[2]int{1, 2}] || !hb[[2]int{2, 1}] {
		t.Errorf("channel handoffs not recorded both ways: %v", hb)
	}
}

// TestTraceCutShort: what is on disk while a run goes on (all that is left
// if the process exits or is killed) is a valid trace: the header at once,
// then whole lines only.
func TestTraceCutShort(t *testing.T) {
	name := filepath.Join(t.TempDir(), "trace.txt")
	var atStart, midway string
	body := func() {
		data, _ := os.ReadFile(name)
		atStart = string(data)
		var mu sync.Mutex
		for i := 0; i < 5000; i++ {
			rt.Lock(&mu, at("Lock", "p.mu"))
			rt.Unlock(&mu, at("Unlock", "p.mu"))
		}
		data, _ = os.ReadFile(name)
		midway = string(data)
	}
	if _, err := rt.RunScenario(rt.Config{Strategy: "random", Seed: 1, Trace: name, WatchdogMS: 20}, 10*time.Second, body); err != nil {
		t.Fatal(err)
	}
	if atStart == "" || !strings.HasPrefix(atStart, "deadhunt-trace 1\n") {
		t.Errorf("trace at the start of the run: %q, want the header", atStart)
	}
	if len(midway) <= len(atStart) || !strings.HasSuffix(midway, "\n") {
		t.Fatalf("trace midway: %d bytes, ends %q; want more than the header, whole lines", len(midway), midway[max(0, len(midway)-20):])
	}
	rd := trace.NewReader(strings.NewReader(midway))
	for {
		if _, err := rd.ReadEvent(); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Errorf("trace midway: %v", err)
			}
			break
		}
	}
}

// TestTraceWaitGroupObjects: a WaitGroup's Adds, Dones and Wait are comm
// events naming the same object (ordered: three WGGo, one WGWait).
func TestTraceWaitGroupObjects(t *testing.T) {
	name := filepath.Join(t.TempDir(), "trace.txt")
	run(t, rt.Config{Strategy: "random", Seed: 1, Trace: name}, "ordered")
	count := map[int]int{}
	objs := map[int]bool{}
	for _, ev := range readTrace(t, name) {
		if ev.Op != trace.OpComm || ev.Mode&(trace.CommWGAdd|trace.CommWGDone|trace.CommWGWait) == 0 {
			continue
		}
		count[ev.Mode]++
		objs[ev.Obj] = true
	}
	if count[trace.CommWGAdd] != 3 || count[trace.CommWGDone] != 3 || count[trace.CommWGWait] != 1 {
		t.Errorf("WaitGroup comm events %v", count)
	}
	if len(objs) != 1 || objs[0] {
		t.Errorf("objects %v, want one nonzero id", objs)
	}
}

// TestTraceCapsAfterEnd: a goroutine the test leaks that takes a lock
// over and over after the test's end (a reader loop that never blocks)
// is traced for 10,000 steps after the end, not the tens of thousands it
// takes until the run's end: the trace stays valid and short.
func TestTraceCapsAfterEnd(t *testing.T) {
	name := filepath.Join(t.TempDir(), "trace.txt")
	r := runLeakedSpinner(t, rt.Config{Strategy: "random", Seed: 1, Trace: name, WatchdogMS: 2000, BoundMS: 600_000, EndSteps: 60_000}, 10*time.Minute)
	if r.Steps < 60_000 {
		t.Fatalf("%d steps; want the leaked goroutine's 60,000 after the end", r.Steps)
	}
	acq := 0
	for _, ev := range readTrace(t, name) {
		if ev.Op == trace.OpAcq {
			acq++
		}
	}
	// A Lock and an Unlock a loop: about 5,000 acquisitions in 10,000 steps.
	if acq < 4_000 || acq > 6_000 {
		t.Errorf("%d acquisitions traced in a run of %d steps; want those of the 10,000 steps after the end", acq, r.Steps)
	}
}
