package report

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
)

func outputsInput(t *testing.T) *Report {
	t.Helper()
	rep, err := ReadFile(filepath.Join("testdata", "sarif_input.json"))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestSARIFGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := outputsInput(t).WriteSARIF(&buf, "0.1.0"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "sarif.golden"), buf.Bytes())
}

// sarif mirrors the parts of SARIF 2.1.0 that code scanning requires.
type sarif struct {
	Schema  *string `json:"$schema"`
	Version string  `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations           []sarifLoc        `json:"locations"`
			RelatedLocations    []sarifLoc        `json:"relatedLocations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Suppressions        []struct {
				Kind          string `json:"kind"`
				Justification string `json:"justification"`
			} `json:"suppressions"`
		} `json:"results"`
	} `json:"runs"`
}

type sarifLoc struct {
	ID               *int `json:"id"`
	PhysicalLocation *struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine int `json:"startLine"`
		} `json:"region"`
	} `json:"physicalLocation"`
	Message *struct {
		Text string `json:"text"`
	} `json:"message"`
}

func TestSARIFStructure(t *testing.T) {
	rep := outputsInput(t)
	var buf bytes.Buffer
	if err := rep.WriteSARIF(&buf, "0.1.0"); err != nil {
		t.Fatal(err)
	}
	var log sarif
	dec := json.NewDecoder(&buf)
	if err := dec.Decode(&log); err != nil {
		t.Fatal(err)
	}
	if log.Schema == nil || !strings.Contains(*log.Schema, "sarif-schema-2.1.0") {
		t.Errorf("$schema = %v", log.Schema)
	}
	if log.Version != "2.1.0" {
		t.Errorf("version = %q", log.Version)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "deadhunt" {
		t.Errorf("driver name %q", run.Tool.Driver.Name)
	}
	ruleIdx := make(map[string]int)
	for i, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" {
			t.Errorf("rule %d incomplete: %+v", i, r)
		}
		ruleIdx[r.ID] = i
	}
	if len(run.Results) != len(rep.Findings) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(rep.Findings))
	}
	for i, res := range run.Results {
		f := &rep.Findings[i]
		if idx, ok := ruleIdx[res.RuleID]; !ok || res.RuleIndex == nil || *res.RuleIndex != idx {
			t.Errorf("%s: ruleId %q ruleIndex %v not in rules", f.ID, res.RuleID, res.RuleIndex)
		}
		if res.Message.Text == "" || !strings.Contains(res.Message.Text, f.ID) {
			t.Errorf("%s: message %q", f.ID, res.Message.Text)
		}
		if res.PartialFingerprints[SARIFFingerprint] != f.ID {
			t.Errorf("%s: fingerprints %v", f.ID, res.PartialFingerprints)
		}
		if len(res.Locations) != 1 {
			t.Fatalf("%s: %d locations", f.ID, len(res.Locations))
		}
		checkLoc(t, f.ID, res.Locations[0])
		ids := make(map[int]bool)
		for _, rl := range res.RelatedLocations {
			checkLoc(t, f.ID, rl)
			if rl.ID == nil || *rl.ID < 1 || ids[*rl.ID] || rl.Message == nil || rl.Message.Text == "" {
				t.Errorf("%s: related location without unique id or message: %+v", f.ID, rl)
				continue
			}
			ids[*rl.ID] = true
		}
		// Every edge of a cycle appears: the first as the primary location,
		// the others (and the held sites) as related locations.
		if f.Kind == LockOrderCycle && len(res.RelatedLocations) < len(f.Edges)-1 {
			t.Errorf("%s: %d related locations for %d edges", f.ID, len(res.RelatedLocations), len(f.Edges))
		}
		if (f.Ignored != nil) != (len(res.Suppressions) == 1) {
			t.Errorf("%s: ignored %v, suppressions %+v", f.ID, f.Ignored, res.Suppressions)
		}
		if want := SARIFLevel(f.Status); res.Level != want {
			t.Errorf("%s: level %q, want %q", f.ID, res.Level, want)
		}
	}
}

func checkLoc(t *testing.T, id string, l sarifLoc) {
	t.Helper()
	if l.PhysicalLocation == nil || l.PhysicalLocation.ArtifactLocation.URI == "" || l.PhysicalLocation.Region.StartLine < 1 {
		t.Errorf("%s: incomplete location %+v", id, l)
	}
}

func TestSARIFCycleEdges(t *testing.T) {
	rep := outputsInput(t)
	var f *Finding
	for i := range rep.Findings {
		if rep.Findings[i].ID == "DH-026ad48e46" {
			f = &rep.Findings[i]
		}
	}
	if f == nil {
		t.Fatal("input lacks the static cycle")
	}
	res := sarifResultOf(f)
	loc := res.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "shop/stock.go" || loc.Region.StartLine != 61 || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("primary %+v, want the first edge's acquisition shop/stock.go:61", loc)
	}
	var second bool
	for _, rl := range res.RelatedLocations {
		p := rl.PhysicalLocation
		if p.ArtifactLocation.URI == "shop/cart.go" && p.Region.StartLine == 90 && strings.HasPrefix(rl.Message.Text, "edge 2/2: (*shop.Cart).mu acquired here") {
			second = true
		}
	}
	if !second {
		t.Errorf("second edge's acquisition missing from related locations: %+v", res.RelatedLocations)
	}
}

func TestSARIFAbsoluteFile(t *testing.T) {
	if got := sarifArtifactOf("/src/bank/account.go"); got.URI != "file:///src/bank/account.go" || got.URIBaseID != "" {
		t.Errorf("absolute: %+v", got)
	}
	if got := sarifArtifactOf("bank/account.go"); got.URI != "bank/account.go" || got.URIBaseID != "%SRCROOT%" {
		t.Errorf("relative: %+v", got)
	}
}

func TestRelativeTo(t *testing.T) {
	rep := &Report{Version: Version, Findings: []Finding{{
		ID: "DH-x", Kind: DoubleLock, Status: PredictedStatic, Package: "p",
		Message: "p.mu locked twice at /repo/p/a.go:3:1 and /elsewhere/b.go:4:1",
		Locks:   []Lock{{Class: "p.mu", Sites: []Site{{File: "/repo/p/a.go", Line: 3}, {File: "/elsewhere/b.go", Line: 4}}}},
		Goroutines: []Goroutine{{ID: 1, Stack: []Frame{{Func: "p.f", File: "/repo/p/a.go", Line: 3}},
			StartedFrom: []Frame{{Func: "p.TestF", File: "/repo/p/a_test.go", Line: 9}}}},
	}}}
	rel, err := rep.RelativeTo("/repo")
	if err != nil {
		t.Fatal(err)
	}
	if f := rel.Findings[0].Goroutines[0].StartedFrom[0].File; f != "p/a_test.go" {
		t.Errorf("started from %q, want p/a_test.go", f)
	}
	sites := rel.Findings[0].Locks[0].Sites
	if sites[0].File != "p/a.go" || sites[1].File != "/elsewhere/b.go" || rel.Findings[0].Goroutines[0].Stack[0].File != "p/a.go" {
		t.Errorf("relative sites %+v %+v", sites, rel.Findings[0].Goroutines[0].Stack)
	}
	if got, want := rel.Findings[0].Message, "p.mu locked twice at p/a.go:3:1 and /elsewhere/b.go:4:1"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if rep.Findings[0].Locks[0].Sites[0].File != "/repo/p/a.go" {
		t.Error("RelativeTo modified its receiver")
	}
}
