package report

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// sample is a report with one finding of each status, covering every field.
func sample() *Report {
	a := Site{File: "/src/bank/account.go", Line: 14, Col: 2, Func: "bank.Transfer"}
	b := Site{File: "/src/bank/account.go", Line: 16, Col: 2, Func: "bank.Transfer"}
	return &Report{
		Version:  Version,
		Tool:     "deadhunt confirm",
		Created:  time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC),
		Packages: []string{"example.com/bank"},
		Findings: []Finding{
			{
				ID:       ComputeID(LockOrderCycle, "example.com/bank", []string{"(*bank.Account).mu", "(*bank.Account).mu"}),
				Kind:     LockOrderCycle,
				Status:   Confirmed,
				Package:  "example.com/bank",
				Test:     "TestTransfer",
				Message:  "goroutine 2 holds (*bank.Account).mu and waits for (*bank.Account).mu held by goroutine 3",
				Evidence: []Evidence{Dynamic},
				Locks: []Lock{
					{Class: "(*bank.Account).mu", Instance: "0xc000010000", Sites: []Site{a}},
					{Class: "(*bank.Account).mu", Instance: "0xc000010010", Sites: []Site{b}},
				},
				Edges: []Edge{
					{Held: "(*bank.Account).mu", Acquired: "(*bank.Account).mu", Goroutine: 2, HeldAt: a, AcquiredAt: b},
					{Held: "(*bank.Account).mu", Acquired: "(*bank.Account).mu", Goroutine: 3, HeldAt: a, AcquiredAt: b, Via: []string{"bank.Transfer"}},
				},
				Goroutines: []Goroutine{{
					ID:       2,
					Created:  Site{File: "/src/bank/account_test.go", Line: 9},
					Stack:    []Frame{{Func: "example.com/bank.Transfer", File: "/src/bank/account.go", Line: 16}},
					WaitsFor: "Lock (*bank.Account).mu held by goroutine 3",
					Holds:    []string{"(*bank.Account).mu"},
				}},
				Witness: &Witness{
					Strategy: RPro, Seed: 17, Params: map[string]string{"depth": "3", "radius": "4"},
					Runs: 12, Hits: 1,
					Schedule: []Step{{Goroutine: 1, Site: "/src/bank/account_test.go:9:2", Op: "Go"}, {Goroutine: 2, Site: a.String(), Op: "Lock", Change: true}},
					Draws:    wire.EncodeDraws(9, []int{1, 2}, []uint64{1, 0}), ClockBase: 1_790_000_000_000_000_000,
					Replay:  "deadhunt replay .deadhunt/last.json --finding DH-x",
					Package: "example.com/bank", Test: "TestTransfer",
					Args: []string{"-level=3"}, Fingerprint: "0123456789abcdef",
				},
				Tests: []string{"TestTransfer", "TestTransferBack"},
			},
			{
				ID: ComputeID(Blocked, "example.com/bank", []string{"account_test.go:30"}), Kind: Blocked, Status: Confirmed,
				Package: "example.com/bank", Test: "TestNotify", Message: "goroutine 2 blocked for good",
				Locks: []Lock{},
				Goroutines: []Goroutine{{ID: 2, Created: Site{File: "/src/bank/account_test.go", Line: 30, Col: 2},
					WaitsFor: "send on channel 0xc000020000"}},
				Witness: &Witness{Strategy: Random, Runs: 2, Hits: 1, Package: "example.com/bank", Test: "TestNotify"},
			},
			{
				ID: ComputeID(LockOrderCycle, "example.com/bank", []string{"bank.a", "bank.b"}), Kind: LockOrderCycle, Status: Unconfirmed,
				Package: "example.com/bank", Message: "bank.a and bank.b in both orders", Evidence: []Evidence{Dynamic},
				Locks:  []Lock{{Class: "bank.a"}, {Class: "bank.b"}},
				Search: &Search{Strategy: Directed, MissBound: 1, Note: "no directed run: the tests that showed it were not hunted"},
			},
			{
				ID: ComputeID(DoubleLock, "example.com/bank", []string{"bank.mu"}), Kind: DoubleLock, Status: PredictedStatic,
				Package: "example.com/bank", Message: "bank.mu locked twice", Evidence: []Evidence{Static},
				Locks: []Lock{{Class: "bank.mu", Sites: []Site{{File: "/src/bank/global.go", Line: 3, Col: 1}}}},
			},
			{
				ID: ComputeID(RWR, "example.com/bank", []string{"(*bank.Ledger).rw"}), Kind: RWR, Status: Unconfirmed,
				Package: "example.com/bank", Test: "TestAudit", Message: "recursive RLock of (*bank.Ledger).rw",
				Locks:   []Lock{{Class: "(*bank.Ledger).rw"}},
				Search:  &Search{Strategy: Directed, Runs: 100, Depth: 3, MissBound: 0.018},
				Ignored: &Ignore{Reason: "audit runs single-threaded"},
			},
		},
		Errors: []PackageError{{Package: "example.com/broken", Err: "does not compile: x.go:3:1: syntax error"}},
		Interrupted: &Interruption{Cause: "interrupt", Done: 1, Total: 4,
			CutShort:  []TestRef{{Package: "example.com/bank", Test: "TestAudit"}},
			NotHunted: []TestRef{{Package: "example.com/bank", Test: "TestLedger"}, {Package: "example.com/bank", Test: "TestNotify"}}},
		BlindSpots: []BlindSpot{{Package: "example.com/bank", Pos: "/src/bank/crc.go", What: "cgo file"},
			{Package: "example.com/bank", Pos: "/src/bank/account_test.go:40:2", What: "synctest bubble", Tests: []string{"TestTransfer"}}},
		Tests: []TestRun{{Package: "example.com/bank", Test: "TestTransfer", Runs: 14, ElapsedMS: 230},
			{Package: "example.com/bank", Test: "TestAudit", Runs: 40, ElapsedMS: 1210, Cached: true}},
	}
}

// TestReadVersion1 reads a version 1 report: it is a version 2 report
// without the fields version 2 added.
func TestReadVersion1(t *testing.T) {
	rep, err := Read(strings.NewReader(`{"version": 1, "tool": "deadhunt confirm", "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "locks": [{"class": "a"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Version != Version || len(rep.Findings) != 1 {
		t.Errorf("read %+v", rep)
	}
}

func TestRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	want := sample()
	if err := want.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip changed the report:\ngot  %+v\nwant %+v", got, want)
	}
}

func TestGolden(t *testing.T) {
	var js, txt bytes.Buffer
	r := sample()
	if err := r.Write(&js); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "sample.json"), js.Bytes())
	golden.Check(t, filepath.Join("testdata", "sample.string"), txt.Bytes())
}

func TestReadRejects(t *testing.T) {
	for name, in := range map[string]string{
		"empty":           ``,
		"not json":        `deadlock!`,
		"truncated":       `{"version": 1, "findings": [`,
		"no version":      `{"findings": []}`,
		"future version":  `{"version": 99, "findings": []}`,
		"unknown field":   `{"version": 1, "findings": [], "colour": "red"}`,
		"bad kind":        `{"version": 1, "findings": [{"id": "x", "kind": "livelock", "status": "confirmed", "package": "p", "locks": [{"class": "a"}]}]}`,
		"no witness":      `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "confirmed", "package": "p", "locks": [{"class": "a"}]}]}`,
		"hits over runs":  `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "confirmed", "package": "p", "locks": [{"class": "a"}], "witness": {"strategy": "pct", "seed": 1, "runs": 1, "hits": 2}}]}`,
		"cycle of one":    `{"version": 1, "findings": [{"id": "x", "kind": "lock-order-cycle", "status": "predicted-static", "package": "p", "locks": [{"class": "a"}]}]}`,
		"duplicate id":    `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "locks": [{"class": "a"}]}, {"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "locks": [{"class": "a"}]}]}`,
		"bad miss bound":  `{"version": 1, "findings": [{"id": "x", "kind": "rwr", "status": "unconfirmed", "package": "p", "locks": [{"class": "a"}], "search": {"strategy": "pct", "runs": 3, "depth": 2, "miss_bound": 1.5}}]}`,
		"bad test bound":  `{"version": 1, "findings": [], "tests": [{"package": "p", "test": "T", "runs": 3, "elapsed_ms": 1, "stop": "budget spent", "miss_bound": 2}]}`,
		"bad unseen":      `{"version": 1, "findings": [], "tests": [{"package": "p", "test": "T", "runs": 3, "elapsed_ms": 1, "stop": "settled", "unseen": 1.5, "unseen_runs": 30}]}`,
		"unseen no runs":  `{"version": 1, "findings": [], "tests": [{"package": "p", "test": "T", "runs": 3, "elapsed_ms": 1, "stop": "settled", "unseen": 0.5}]}`,
		"kinds no runs":   `{"version": 1, "findings": [], "tests": [{"package": "p", "test": "T", "runs": 3, "elapsed_ms": 1, "stop": "settled", "unseen_kinds": 5}]}`,
		"lockless lock":   `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "locks": []}]}`,
		"no package":      `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "locks": [{"class": "a"}]}]}`,
		"bad strategy":    `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "confirmed", "package": "p", "locks": [{"class": "a"}], "witness": {"strategy": "stress", "seed": 1, "runs": 1, "hits": 1}}]}`,
		"bad evidence":    `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "evidence": ["hunch"], "locks": [{"class": "a"}]}]}`,
		"witness on pred": `{"version": 1, "findings": [{"id": "x", "kind": "double-lock", "status": "predicted-static", "package": "p", "locks": [{"class": "a"}], "witness": {"strategy": "pct", "seed": 1, "runs": 1, "hits": 1}}]}`,
	} {
		if _, err := Read(strings.NewReader(in)); err == nil {
			t.Errorf("%s: Read accepted %s", name, in)
		} else if !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: error %q does not name its layer", name, err)
		}
	}
}

func TestReadFileNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(path, []byte("{"), 0o644)
	_, err := ReadFile(path)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("ReadFile error %v does not name %s", err, path)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	if err := sample().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	bad := sample()
	bad.Findings[0].Witness = nil // invalid: confirmed without witness
	if err := bad.WriteFile(path); err == nil {
		t.Fatal("WriteFile wrote an invalid report")
	}
	if _, err := ReadFile(path); err != nil {
		t.Errorf("a failed write damaged the previous report: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestComputeIDStable(t *testing.T) {
	a := ComputeID(LockOrderCycle, "p", []string{"p.a", "p.b"})
	if b := ComputeID(LockOrderCycle, "p", []string{"p.b", "p.a"}); a != b {
		t.Errorf("rotation changed the ID: %s vs %s", a, b)
	}
	if b := ComputeID(LockOrderCycle, "p", []string{"p.b", "p.a", "p.b"}); a != b {
		t.Errorf("a repeated class changed the ID: %s vs %s", a, b)
	}
	for _, other := range []string{
		ComputeID(LockOrderCycle, "q", []string{"p.a", "p.b"}),
		ComputeID(DoubleLock, "p", []string{"p.a", "p.b"}),
		ComputeID(LockOrderCycle, "p", []string{"p.a", "p.c"}),
	} {
		if other == a {
			t.Errorf("different findings share ID %s", a)
		}
	}
}

func TestSortConfirmedFirst(t *testing.T) {
	fs := sample().Findings
	fs[0], fs[2] = fs[2], fs[0]
	Sort(fs)
	if fs[0].Status != Confirmed || fs[len(fs)-1].Status != Unconfirmed {
		t.Errorf("order %s, %s, %s", fs[0].Status, fs[1].Status, fs[2].Status)
	}
}

func TestHitRate(t *testing.T) {
	var w *Witness
	if w.HitRate() != 0 {
		t.Error("nil witness has a hit rate")
	}
	if r := (&Witness{Runs: 8, Hits: 2}).HitRate(); r != 0.25 {
		t.Errorf("hit rate %v", r)
	}
}

func TestParseStrategy(t *testing.T) {
	for _, s := range Strategies {
		if got, err := ParseStrategy(string(s)); err != nil || got != s || got.String() != string(s) {
			t.Errorf("ParseStrategy(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "RPRO", "stress", "rpro "} {
		if got, err := ParseStrategy(s); err == nil || got != "" {
			t.Errorf("ParseStrategy(%q) = %q, %v; want an error", s, got, err)
		}
	}
	_, err := ParseStrategy("bogus")
	if want := `report: unknown strategy "bogus" (want random, pct, rpro, replay, directed or plain)`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if got := JoinStrategies([]Strategy{RPro}); got != "rpro" {
		t.Errorf("JoinStrategies of one: %q", got)
	}
}

func TestUnionEvidence(t *testing.T) {
	if got := JoinEvidence(UnionEvidence([]Evidence{Dynamic}, []Evidence{Static, Dynamic})); got != "static, dynamic" {
		t.Errorf("union %s, want static, dynamic", got)
	}
	if got := JoinEvidence(UnionEvidence([]Evidence{Dynamic, "other"}, nil)); got != "dynamic, other" {
		t.Errorf("union %s, want dynamic, other", got)
	}
	if got := JoinEvidence(UnionEvidence([]Evidence{"other", Static, "other", Dynamic, Static})); got != "static, dynamic, other" {
		t.Errorf("union %s, want static, dynamic, other", got)
	}
	if got := UnionEvidence(nil, nil); got != nil {
		t.Errorf("union of nothing %v, want nil", got)
	}
}

func TestActive(t *testing.T) {
	rep := &Report{Findings: []Finding{
		{ID: "a", Status: Confirmed},
		{ID: "b", Status: Confirmed, Ignored: &Ignore{Reason: "known"}},
		{ID: "c", Status: Unconfirmed},
	}}
	if got := rep.Active(Confirmed); len(got) != 1 || got[0].ID != "a" {
		t.Errorf("active confirmed %v, want a", got)
	}
	if got := rep.Active(PredictedStatic); got != nil {
		t.Errorf("active predicted-static %v, want none", got)
	}
}

// A witness's line counts its draws, in the singular for one.
func TestWitnessDrawsText(t *testing.T) {
	r := sample()
	r.Findings[0].Witness.Draws = wire.EncodeDraws(9, []int{1}, []uint64{1})
	var txt bytes.Buffer
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "2 steps and 1 draw\n") {
		t.Errorf("text %q, want the witness's one draw", txt.String())
	}
}
