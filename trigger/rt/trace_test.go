package rt_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
