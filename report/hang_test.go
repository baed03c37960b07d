package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// hangFinding is a hang as the driver reports one: a spinning goroutine.
func hangFinding() Finding {
	stack := []Frame{{Func: "p.(*Slot).Await", File: "/m/p/slot.go", Line: 30}}
	return Finding{
		ID: ComputeID(Hang, "example.com/p", []string{"TestAwait", HangSpin}), Kind: Hang, Status: Observed,
		Package: "example.com/p", Test: "TestAwait", Message: "the random run reached its bound of 10s (spin): 8000 steps, all polls",
		Locks:      []Lock{},
		Goroutines: []Goroutine{{ID: 1, Stack: stack, WaitsFor: "nothing: it is spinning"}},
		Snapshot: &Snapshot{Class: HangSpin, Reason: "8000 steps, all polls", BoundMS: 10000, Steps: 90000,
			Goroutines: []SnapGoroutine{{ID: 1, State: "spinning", GoState: "runnable", Stack: stack}},
			Timers:     []SnapTimer{{Site: Site{File: "/m/p/slot.go", Line: 12, Col: 2}, InNanos: 3e9}}},
		Witness: &Witness{Strategy: Random, Runs: 2, Hits: 1, Schedule: []Step{{Goroutine: 1, Site: "/m/p/slot.go:29:3", Op: "Gosched"}}},
	}
}

func TestHangFindingText(t *testing.T) {
	f := hangFinding()
	if err := f.CheckValid(); err != nil {
		t.Fatal(err)
	}
	text := f.String()
	for _, want := range []string{
		"observed hang (spin) at the time bound in example.com/p (TestAwait)",
		"snapshot at the bound of 10s (spin): 8000 steps, all polls",
		"goroutine 1 [spinning, runnable]",
		"at p.(*Slot).Await /m/p/slot.go:30",
		"timer created at /m/p/slot.go:12:2 due in 3s",
		"run: strategy random seed 0, 1 of 2 runs reached the bound",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "deadlocked") {
		t.Errorf("a hang's run is not called a deadlock:\n%s", text)
	}
}

func TestHangFindingSARIF(t *testing.T) {
	r := &Report{Version: Version, Tool: "deadhunt confirm", Findings: []Finding{hangFinding()}}
	var buf bytes.Buffer
	if err := r.WriteSARIF(&buf, "0.1.0"); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
						Region           struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	if res.RuleID != "hang" || res.Level != "warning" || len(res.Locations) != 1 ||
		res.Locations[0].PhysicalLocation.ArtifactLocation.URI != "file:///m/p/slot.go" || res.Locations[0].PhysicalLocation.Region.StartLine != 30 {
		t.Errorf("SARIF result %+v: want rule hang at the spinning goroutine's frame", res)
	}
}

func TestRelativeToHangAndStatic(t *testing.T) {
	f := hangFinding()
	f.Static = &StaticLink{ID: "DH-s", Pos: "/m/p/slot.go:12:2"}
	f.Timeout = &Timeout{Site: Site{File: "/m/p/slot_test.go", Line: 9}}
	r := &Report{Version: Version, Tool: "deadhunt confirm", Findings: []Finding{f}}
	c, err := r.RelativeTo("/m")
	if err != nil {
		t.Fatal(err)
	}
	g := c.Findings[0]
	if g.Static.Pos != "p/slot.go:12:2" || g.Snapshot.Goroutines[0].Stack[0].File != "p/slot.go" || g.Snapshot.Timers[0].Site.File != "p/slot.go" {
		t.Errorf("not relative: static %q, snapshot %+v", g.Static.Pos, g.Snapshot)
	}
	if g.Timeout.Site.File != "p/slot_test.go" {
		t.Errorf("timeout not relative: %q", g.Timeout.Site.File)
	}
	if r.Findings[0].Snapshot.Goroutines[0].Stack[0].File != "/m/p/slot.go" {
		t.Error("RelativeTo changed the original")
	}
}

// TestSummaryCreatedOnce: goroutines started in one loop are blocked at
// one creation site, which the headline names once.
func TestSummaryCreatedOnce(t *testing.T) {
	site := Site{File: "p/pool.go", Line: 33, Col: 3}
	f := Finding{Kind: Blocked, Status: Confirmed, Package: "p", Test: "TestPool", ID: "DH-0000000001",
		Goroutines: []Goroutine{{ID: 1}, {ID: 2, Created: site}, {ID: 3, Created: site}}}
	s := f.Summary()
	if !strings.HasSuffix(s, ", created at p/pool.go:33:3") {
		t.Errorf("summary %q: want the site once at its end", s)
	}
}

// TestSummaryLingering: goroutines the test left alive, not blocked for
// good, read as goroutines that outlive the test, not as blocked forever.
func TestSummaryLingering(t *testing.T) {
	site := Site{File: "p/conn.go", Line: 28, Col: 2}
	f := Finding{Kind: Blocked, Status: Confirmed, Package: "p", Test: "TestDial", ID: "DH-0000000002", Lingering: true,
		Goroutines: []Goroutine{{ID: 3, Created: site}}}
	s := f.Summary()
	if !strings.Contains(s, "leaked goroutine still alive after the test") || strings.Contains(s, "forever") {
		t.Errorf("summary %q: want a goroutine still alive after the test", s)
	}
	f.Goroutines = append(f.Goroutines, Goroutine{ID: 4, Created: site})
	if s := f.Summary(); !strings.Contains(s, "2 leaked goroutines still alive after the test") {
		t.Errorf("summary %q: want 2 goroutines still alive after the test", s)
	}
	// One that loops taking a lock: still alive, not a blocked lock.
	f.Goroutines = f.Goroutines[:1]
	f.Locks = []Lock{{Class: "(*rpc.Client).mutex"}}
	if s := f.Summary(); !strings.Contains(s, "leaked goroutine still alive after the test") {
		t.Errorf("summary %q: want a goroutine still alive after the test, with a lock", s)
	}
}

// TestSummaryTimeout: a deadlock that only the test's timeout ended says
// so, with the timeout's site and deadline.
func TestSummaryTimeout(t *testing.T) {
	f := Finding{Kind: Blocked, Status: Confirmed, Package: "p", Test: "TestClose", ID: "DH-0000000003",
		Goroutines: []Goroutine{{ID: 1}, {ID: 3, Created: Site{File: "p/conn.go", Line: 28, Col: 2}}},
		Timeout:    &Timeout{Site: Site{File: "p/conn_test.go", Line: 40, Col: 9}, AfterNS: int64(time.Second) + 4000}}
	want := "confirmed goroutines blocked forever in p (TestClose), created at p/conn.go:28:2, ended only by the test's timeout (p/conn_test.go:40:9, after 1s), which failed it"
	if s := f.Summary(); s != want {
		t.Errorf("summary\n%s\nwant\n%s", s, want)
	}
}
