package hunt

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/hunt/hunttest"
)

// schema is the event stream's schema as docs/report.md states it: per
// action, its required and optional fields.
type schema map[string]struct{ required, optional []string }

// loadSchema reads the table between the schema markers of docs/report.md.
func loadSchema(t *testing.T) schema {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "<!-- schema: action | required | optional -->\n")
	table, _, ok2 := strings.Cut(table, "<!-- /schema -->")
	if !ok || !ok2 {
		t.Fatal("docs/report.md has no schema table between its markers")
	}
	fields := func(cell string) []string {
		var fs []string
		for f := range strings.SplitSeq(cell, ",") {
			if f = strings.Trim(strings.TrimSpace(f), "`"); f != "" {
				fs = append(fs, f)
			}
		}
		return fs
	}
	s := schema{}
	for _, line := range strings.Split(strings.TrimSpace(table), "\n")[2:] {
		cells := strings.Split(line, "|")
		if len(cells) != 5 {
			t.Fatalf("schema row %q: want 3 cells", line)
		}
		s[strings.Trim(strings.TrimSpace(cells[1]), "`")] = struct{ required, optional []string }{fields(cells[2]), fields(cells[3])}
	}
	return s
}

// check checks a stream of events, one JSON object a line, against the
// schema: the start event first with the schema's version, the summary
// last, every event's fields present when required and known.
func (s schema) check(t *testing.T, stream []byte) []map[string]any {
	t.Helper()
	var evs []map[string]any
	for i, line := range bytes.Split(bytes.TrimSuffix(stream, []byte("\n")), []byte("\n")) {
		var ev map[string]any
		if err := json.Unmarshal(line, &ev); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", i+1, err, line)
		}
		action, _ := ev["action"].(string)
		a, ok := s[action]
		if !ok {
			t.Errorf("line %d: action %q not in the schema: %s", i+1, action, line)
			continue
		}
		if _, err := time.Parse(time.RFC3339Nano, ev["time"].(string)); err != nil {
			t.Errorf("line %d: time: %v", i+1, err)
		}
		for _, f := range a.required {
			if _, ok := ev[f]; !ok {
				t.Errorf("line %d: %s event without %s: %s", i+1, action, f, line)
			}
		}
		for f := range ev {
			if f != "time" && f != "action" && !slices.Contains(a.required, f) && !slices.Contains(a.optional, f) {
				t.Errorf("line %d: %s event with field %s the schema does not list: %s", i+1, action, f, line)
			}
		}
		evs = append(evs, ev)
	}
	if len(evs) < 2 || evs[0]["action"] != ActionStart || evs[0]["schema"] != float64(EventSchema) || evs[len(evs)-1]["action"] != ActionSummary {
		t.Errorf("stream of %d events does not start with start (schema %d) and end with summary:\n%s", len(evs), EventSchema, stream)
	}
	return evs
}

// stream collects a hunt's events as confirm --json prints them.
type stream struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *stream) emit(ev Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := json.NewEncoder(&s.buf).Encode(ev); err != nil {
		panic(err)
	}
}

// find returns the events of the action whose field key is value.
func find(evs []map[string]any, action, key string, value any) []map[string]any {
	var out []map[string]any
	for _, ev := range evs {
		if ev["action"] == action && (key == "" || ev[key] == value) {
			out = append(out, ev)
		}
	}
	return out
}

// A package that does not compile and a test that panics: the build
// event names the error, the panicking test's plain run and its end say
// panic.
func TestEventSchemaBadInput(t *testing.T) {
	s := loadSchema(t)
	cfg := realConfig(badInputModule(t))
	var out stream
	cfg.Events = out.emit
	res, err := bounded(t, func(ctx context.Context) (*Result, error) {
		return Confirm(ctx, cfg, []string{"./nocompile", "./panics", "./ok"})
	})
	if err != nil {
		t.Fatal(err)
	}
	evs := s.check(t, out.buf.Bytes())
	if b := find(evs, ActionBuild, "package", "example.com/badinput/nocompile"); len(b) != 1 || !strings.Contains(b[0]["error"].(string), "does not compile") {
		t.Errorf("build events of nocompile %v, want one saying it does not compile", b)
	}
	if r := find(evs, ActionRun, "outcome", "panic"); len(r) == 0 || r[0]["test"] != "TestPanic" {
		t.Errorf("panic runs %v, want TestPanic's", r)
	}
	if e := find(evs, ActionTestEnd, "failure", "panic"); len(e) != 1 {
		t.Errorf("test-end events failing by panic %v, want TestPanic's", e)
	}
	sum := evs[len(evs)-1]["summary"].(map[string]any)
	if sum["exit"] != float64(res.Verdict.Exit()) || sum["verdict"] != "incomplete" {
		t.Errorf("summary %v, want incomplete with exit %d", sum, res.Verdict.Exit())
	}
}

// When nothing builds, the stream still starts, names the package and ends
// with a summary.
func TestEventSchemaNothingBuilds(t *testing.T) {
	s := loadSchema(t)
	cfg := realConfig(badInputModule(t))
	var out stream
	cfg.Events = out.emit
	if _, err := Confirm(t.Context(), cfg, []string{"./nocompile"}); err == nil {
		t.Fatal("no error from a hunt where nothing builds")
	}
	evs := s.check(t, out.buf.Bytes())
	if len(evs) != 3 || evs[1]["error"] == nil {
		t.Errorf("events %v, want start, the build error and the summary", evs)
	}
}

// Corpus packages (every twelfth by name, and the leaks that name what
// releases them; with -tags corpus the others: corpus.Swept), hunted as
// confirm ./... would: every event fits the schema, every test starts and
// ends, every confirmed finding was a finding event. (The whole corpus is
// also the README's first command.)
func TestEventSchemaCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: hunts the whole corpus")
	}
	s := loadSchema(t)
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	kept := cases[:0]
	for i, c := range cases {
		if corpus.Swept(i%12 == 0 || len(c.NeverCalled) > 0) {
			names = append(names, c.Name)
			kept = append(kept, c)
		}
	}
	cases = kept
	cfg := Config{Dir: hunttest.CorpusModule(t, names...), Runs: 10, Timeout: 3 * time.Second, Static: analyzer.Findings}
	var out stream
	cfg.Events = out.emit
	// A hang guard only: over 100 packages on a loaded 2-core machine the
	// hunt has taken 3.5 minutes.
	res, err := boundedBy(t, 8*time.Minute, func(ctx context.Context) (*Result, error) { return Confirm(ctx, cfg, []string{"./..."}) })
	if err != nil {
		t.Fatal(err)
	}
	evs := s.check(t, out.buf.Bytes())
	if n := len(find(evs, ActionBuild, "", nil)); n != len(cases) {
		t.Errorf("%d build events, want one per corpus package (%d)", n, len(cases))
	}
	if a, b := len(find(evs, ActionTestStart, "", nil)), len(find(evs, ActionTestEnd, "", nil)); a != len(res.Summary.Tests) || b != a {
		t.Errorf("%d test-start and %d test-end events, want %d each", a, b, len(res.Summary.Tests))
	}
	found := map[any]bool{}
	for _, ev := range find(evs, ActionFinding, "", nil) {
		found[ev["finding"].(map[string]any)["id"]] = true
	}
	for _, f := range res.Report.Findings {
		if f.Status == "confirmed" && !found[f.ID] {
			t.Errorf("confirmed %s without a finding event", f.ID)
		}
	}
	// A leak names what would have released it (report/release.go).
	for _, c := range cases {
		if len(c.NeverCalled) == 0 {
			continue
		}
		want := "never called: " + strings.Join(c.NeverCalled, ", ")
		ok, saw := false, []string{}
		for _, f := range res.Report.Findings {
			if f.Package == "example.com/e2e/"+path.Base(c.Name) { // hunttest.CorpusModule's path

				saw = append(saw, f.Summary())
				ok = ok || f.Status == "confirmed" && strings.Contains(f.Summary(), want)
			}
		}
		if !ok {
			t.Errorf("%s: no confirmed finding says %q; its findings: %q", c.Name, want, saw)
		}
	}
	if len(find(evs, ActionPrediction, "", nil)) == 0 {
		t.Error("no prediction event")
	}
	// A directed run names its aim: a prediction, or a blocking
	// candidate that no prediction event announces.
	directed := find(evs, ActionRun, "strategy", "directed")
	if len(directed) == 0 {
		t.Error("no directed run")
	}
	for _, ev := range directed {
		if aim, _ := ev["aim"].(string); !strings.HasPrefix(aim, "DH-") {
			t.Errorf("directed run %v names no aim", ev)
			break
		}
	}
}
