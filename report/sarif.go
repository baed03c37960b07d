package report

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// SARIF 2.1.0 output, for GitHub code scanning and other SARIF consumers.
// One run, one rule per Kind, one result per finding. The primary location
// is where the first goroutine of a cycle blocks; the other edges of the
// cycle are related locations.

const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"
	// SARIFFingerprint is the partialFingerprints key that carries the
	// finding ID, so code scanning tracks a finding across runs.
	SARIFFingerprint = "deadhuntFindingId/v1"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name"`
	ShortDescription     sarifText         `json:"shortDescription"`
	FullDescription      sarifText         `json:"fullDescription"`
	DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
	Properties           map[string]string `json:"properties,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	RelatedLocations    []sarifLocation    `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Properties          map[string]any     `json:"properties"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// kindDoc is the rule text for each kind.
var kindDoc = map[Kind][2]string{
	LockOrderCycle: {"goroutines acquire mutexes in a cyclic order",
		"Two or more goroutines each hold a mutex while acquiring the next one in a cycle; scheduled the wrong way, every goroutine of the cycle waits for the next forever. Acquire the mutexes in one global order."},
	DoubleLock: {"a goroutine locks a mutex it already holds",
		"sync.Mutex is not reentrant: locking it again on the same goroutine, directly or through a call chain, blocks that goroutine forever."},
	RWR: {"recursive RLock with a writer queued between",
		"A goroutine read-locks an RWMutex it already read-holds. If a writer calls Lock between the two RLocks, the second RLock waits for the writer and the writer waits for the first RLock."},
	Mixed: {"deadlock through mutexes and channels, WaitGroups or Conds",
		"A cycle of waits in which some goroutines block on a mutex and others on a channel operation, WaitGroup or Cond."},
	Blocked: {"goroutines blocked for good with nobody to wake them",
		"Goroutines are blocked on synchronization that no running goroutine can ever complete."},
	MissingUnlock: {"Lock without Unlock on some return path",
		"A function returns on some path with a mutex still locked that it was expected to release; the next Lock blocks forever."},
	MissingDone: {"a goroutine's WaitGroup Done skipped on some return path",
		"A goroutine calls WaitGroup.Done on some paths and returns without it on another; the counter never reaches zero and Wait blocks forever. Defer the Done."},
	LockNeverReleased: {"a mutex held by an ended goroutine or a returned callback while another waits",
		"A goroutine (or a callback such as a time.AfterFunc function) returned holding a mutex; nothing can release it any more and every later Lock waits forever. Release the mutex on every return path (defer Unlock)."},
	Hang: {"a test run reached its time bound without a deadlock",
		"Under the controlled scheduler the run was stopped at its time bound: goroutines spin without progress, wait outside instrumented code, or are slow. The finding carries the snapshot of every goroutine at the bound."},
}

// SARIFLevel maps a status to a SARIF result level.
func SARIFLevel(s Status) string {
	switch s {
	case Confirmed:
		return "error"
	case Unconfirmed:
		return "note"
	default:
		return "warning"
	}
}

// WriteSARIF writes the report as a SARIF 2.1.0 log. Relative file names are
// written relative to %SRCROOT% (the repository root for code scanning);
// absolute ones as file URIs. See RelativeTo to make them relative first.
func (r *Report) WriteSARIF(w io.Writer, toolVersion string) error {
	log := sarifLog{Schema: sarifSchema, Version: sarifVersion}
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{
		Name:           "deadhunt",
		Version:        toolVersion,
		InformationURI: "https://github.com/deadhunt/deadhunt",
		Rules:          sarifRules(),
	}}, Results: []sarifResult{}}
	for i := range r.Findings {
		run.Results = append(run.Results, sarifResultOf(&r.Findings[i]))
	}
	log.Runs = []sarifRun{run}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return fmt.Errorf("report: sarif: %w", err)
	}
	return nil
}

func sarifRules() []sarifRule {
	rules := make([]sarifRule, len(Kinds))
	for i, k := range Kinds {
		doc := kindDoc[k]
		rules[i] = sarifRule{
			ID:                   string(k),
			Name:                 ruleName(k),
			ShortDescription:     sarifText{doc[0]},
			FullDescription:      sarifText{doc[1]},
			DefaultConfiguration: sarifRuleConfig{Level: "error"},
			Properties:           map[string]string{"precision": "high", "problem.severity": "error"},
		}
	}
	return rules
}

// ruleName turns "lock-order-cycle" into "LockOrderCycle".
func ruleName(k Kind) string {
	if k == RWR {
		return "RecursiveRLock"
	}
	var b strings.Builder
	for _, part := range strings.Split(string(k), "-") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func kindIndex(k Kind) int {
	for i, x := range Kinds {
		if x == k {
			return i
		}
	}
	return -1
}

func sarifResultOf(f *Finding) sarifResult {
	res := sarifResult{
		RuleID:              string(f.Kind),
		RuleIndex:           kindIndex(f.Kind),
		Level:               SARIFLevel(f.Status),
		Message:             sarifText{resultMessage(f)},
		Locations:           []sarifLocation{},
		PartialFingerprints: map[string]string{SARIFFingerprint: f.ID},
		Properties:          sarifProperties(f),
	}
	primary, related := f.outputSites()
	if !primary.IsZero() {
		res.Locations = append(res.Locations, sarifLocationOf(primary, 0, ""))
	}
	for i, rs := range related {
		res.RelatedLocations = append(res.RelatedLocations, sarifLocationOf(rs.Site, i+1, rs.Note))
	}
	if f.Ignored != nil {
		res.Suppressions = []sarifSuppression{{Kind: "external", Justification: f.Ignored.Reason}}
	}
	return res
}

func resultMessage(f *Finding) string {
	if f.Message != "" {
		return fmt.Sprintf("%s (%s %s)", f.Message, f.Status, f.ID)
	}
	return fmt.Sprintf("%s (%s)", f.Summary(), f.ID)
}

func sarifProperties(f *Finding) map[string]any {
	p := map[string]any{"status": string(f.Status), "package": f.Package, "locks": f.Classes()}
	if f.Test != "" {
		p["test"] = f.Test
	}
	if w := f.Witness; w != nil {
		p["runs"], p["hits"], p["seed"], p["strategy"] = w.Runs, w.Hits, w.Seed, w.Strategy
		if w.Replay != "" {
			p["replay"] = w.Replay
		}
	}
	if s := f.Search; s != nil {
		p["runs"], p["missBound"], p["strategy"] = s.Runs, s.MissBound, s.Strategy
	}
	return p
}

func sarifLocationOf(s Site, id int, note string) sarifLocation {
	loc := sarifLocation{ID: id, PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifactOf(s.File),
		Region:           sarifRegion{StartLine: max(s.Line, 1), StartColumn: s.Col},
	}}
	if note != "" {
		loc.Message = &sarifText{note}
	}
	return loc
}

func sarifArtifactOf(file string) sarifArtifact {
	slashed := filepath.ToSlash(file)
	if filepath.IsAbs(file) || strings.HasPrefix(slashed, "/") {
		if !strings.HasPrefix(slashed, "/") {
			slashed = "/" + slashed // a Windows drive letter
		}
		return sarifArtifact{URI: "file://" + slashed}
	}
	return sarifArtifact{URI: slashed, URIBaseID: "%SRCROOT%"}
}

// relatedSite is a secondary location of a finding with what happens there.
type relatedSite struct {
	Site Site
	Note string
}

// outputSites picks the finding's primary location and the related ones, for
// SARIF and annotations: for a cycle, where the first edge acquires, then
// every other acquisition of the cycle; otherwise the lock sites, then the
// top frame of each goroutine's stack.
func (f *Finding) outputSites() (Site, []relatedSite) {
	var primary Site
	var related []relatedSite
	seen := make(map[relatedSite]bool)
	lines := make(map[string]bool) // file:line already shown
	add := func(s Site, note string) {
		rs := relatedSite{s, note}
		switch {
		case s.IsZero() || seen[rs]:
		case primary.IsZero():
			primary = s
		default:
			related = append(related, rs)
		}
		seen[rs] = true
		lines[fmt.Sprintf("%s:%d", s.File, s.Line)] = true
	}
	addNew := func(s Site, note string) { // only at lines not yet shown
		if !lines[fmt.Sprintf("%s:%d", s.File, s.Line)] {
			add(s, note)
		}
	}
	n := len(f.Edges)
	for i, e := range f.Edges {
		by := ""
		if e.Goroutine != 0 {
			by = fmt.Sprintf(" by goroutine %d", e.Goroutine)
		}
		add(e.AcquiredAt, fmt.Sprintf("edge %d/%d: %s acquired here%s while holding %s", i+1, n, e.Acquired, by, e.Held))
		add(e.HeldAt, fmt.Sprintf("edge %d/%d: %s acquired here%s, still held at the next acquisition", i+1, n, e.Held, by))
	}
	for _, l := range f.Locks {
		for _, s := range l.Sites {
			addNew(s, l.Class+" acquired here")
		}
	}
	for _, g := range f.Goroutines {
		if len(g.Stack) == 0 {
			continue
		}
		top := g.Stack[0]
		note := fmt.Sprintf("goroutine %d blocked here", g.ID)
		if g.WaitsFor != "" {
			note += ": " + g.WaitsFor
		}
		addNew(Site{File: top.File, Line: top.Line, Func: top.Func}, note)
	}
	return primary, related
}

// RelativeTo returns a copy of the report in which file names under root
// are relative to root, as code scanning and annotations expect, in the
// structured positions and in each finding's message. Other file names are
// left as they are.
func (r *Report) RelativeTo(root string) (*Report, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	var c Report
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	rel := func(file string) string {
		if !filepath.IsAbs(file) {
			return file
		}
		if p, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(p, "..") {
			return filepath.ToSlash(p)
		}
		return file
	}
	site := func(s *Site) { s.File = rel(s.File) }
	prefix := filepath.Clean(root) + string(filepath.Separator)
	snapG := func(g *SnapGoroutine) {
		site(&g.Created)
		g.WaitsFor = strings.ReplaceAll(g.WaitsFor, prefix, "")
		for k := range g.Stack {
			g.Stack[k].File = rel(g.Stack[k].File)
		}
	}
	snapGs := func(gs []SnapGoroutine) {
		for j := range gs {
			snapG(&gs[j])
		}
	}
	for i := range c.Findings {
		f := &c.Findings[i]
		f.Message = strings.ReplaceAll(f.Message, prefix, "")
		for j := range f.Locks {
			for k := range f.Locks[j].Sites {
				site(&f.Locks[j].Sites[k])
			}
		}
		for j := range f.Edges {
			site(&f.Edges[j].HeldAt)
			site(&f.Edges[j].AcquiredAt)
		}
		for j := range f.Goroutines {
			g := &f.Goroutines[j]
			site(&g.Created)
			for k := range g.StartedFrom {
				g.StartedFrom[k].File = rel(g.StartedFrom[k].File)
			}
			for k := range g.Stack {
				g.Stack[k].File = rel(g.Stack[k].File)
			}
			g.WaitsFor = strings.ReplaceAll(g.WaitsFor, prefix, "")
			for k := range g.Release {
				site(&g.Release[k].At)
			}
		}
		if st := f.Static; st != nil {
			st.Pos = strings.ReplaceAll(st.Pos, prefix, "")
		}
		if t := f.Timeout; t != nil {
			site(&t.Site)
		}
		if s := f.Snapshot; s != nil {
			s.Reason = strings.ReplaceAll(s.Reason, prefix, "")
			snapGs(s.Goroutines)
			snapGs(s.Unmanaged)
			for j := range s.Timers {
				site(&s.Timers[j].Site)
			}
		}
	}
	for _, t := range c.Tests {
		if lc := t.LeakCheck; lc != nil {
			for j := range lc.Leaked {
				snapG(&lc.Leaked[j].SnapGoroutine)
			}
		}
	}
	for i := range c.BlindSpots {
		c.BlindSpots[i].Pos = strings.ReplaceAll(c.BlindSpots[i].Pos, prefix, "")
	}
	return &c, nil
}
