package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/deadhunt/deadhunt/report"
)

// longWitnessReport writes a report whose one confirmed RWR has a
// 200,005-step witness: a warm-up loop of 100,000 RLock/RUnlock pairs of
// goroutine 2, then the deadlock (as corpus/deadlock/longloop).
func longWitnessReport(t testing.TB) string {
	steps := []report.Step{{Goroutine: 1, Site: "/m/longloop_test.go:14:2", Op: "Go"}, {Goroutine: 1, Site: "/m/longloop_test.go:21:2", Op: "Go"}}
	for range 100_000 {
		steps = append(steps, report.Step{Goroutine: 2, Site: "/m/longloop.go:18:12", Op: "RLock"}, report.Step{Goroutine: 2, Site: "/m/longloop.go:19:8", Op: "RUnlock"})
	}
	steps = append(steps,
		report.Step{Goroutine: 2, Site: "/m/longloop_test.go:18:3", Op: "Close"},
		report.Step{Goroutine: 2, Site: "/m/longloop.go:34:12", Op: "RLock"},
		report.Step{Goroutine: 3, Site: "/m/longloop_test.go:22:3", Op: "Recv"},
		report.Step{Goroutine: 3, Site: "/m/longloop.go:44:11", Op: "Lock", Change: true},
		report.Step{Goroutine: 2, Site: "/m/longloop.go:26:12", Op: "RLock"})
	lock := report.Lock{Class: "(*longloop.Table).mu", Sites: []report.Site{{File: "/m/longloop.go", Line: 26, Col: 12}}}
	f := report.Finding{Kind: report.RWR, Status: report.Confirmed, Package: "example.com/longloop", Test: "TestServeAfterWarmup",
		Message: "goroutine 2 waits for (*longloop.Table).mu (read) behind the writer goroutine 3",
		Locks:   []report.Lock{lock},
		Goroutines: []report.Goroutine{
			{ID: 2, WaitsFor: "(*longloop.Table).mu (read)", Stack: []report.Frame{{Func: "longloop.(*Table).Known", File: "/m/longloop.go", Line: 26}}},
			{ID: 3, WaitsFor: "(*longloop.Table).mu (write)", Stack: []report.Frame{{Func: "longloop.(*Table).Set", File: "/m/longloop.go", Line: 44}}},
		},
		Witness: &report.Witness{Strategy: report.Random, Runs: 2, Hits: 1, Schedule: steps}}
	f.ID = report.ComputeID(f.Kind, f.Package, f.Classes())
	r := &report.Report{Version: report.Version, Tool: "deadhunt confirm", Findings: []report.Finding{f}}
	name := filepath.Join(t.TempDir(), "long.json")
	if err := r.WriteFile(name); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestFoldSchedule(t *testing.T) {
	steps := []report.Step{{Goroutine: 1, Site: "a.go:1", Op: "Go"}}
	for range 10 {
		steps = append(steps, report.Step{Goroutine: 2, Site: "a.go:2", Op: "Lock"}, report.Step{Goroutine: 2, Site: "a.go:3", Op: "Unlock"})
	}
	steps = append(steps, report.Step{Goroutine: 1, Site: "a.go:4", Op: "Lock"})
	items := foldSchedule(steps)
	var texts []string
	for _, it := range items {
		texts = append(texts, fmt.Sprintf("%d:%d:%s", it.step, it.g, it.text))
	}
	want := []string{"0:1:Go a.go:1", "1:2:Lock a.go:2", "2:2:Unlock a.go:3", "3:2:× 9 (18 steps)", "21:1:Lock a.go:4"}
	if strings.Join(texts, " | ") != strings.Join(want, " | ") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	if thousands(99998) != "99,998" || thousands(200005) != "200,005" || thousands(12) != "12" {
		t.Error("thousands separators")
	}
}

// TestLanesFold opens a 200,007-step witness in review: the lanes fold
// the warm-up loop, and d brings the deadlock into view.
func TestLanesFold(t *testing.T) {
	opts := testOptions(t)
	opts.ReportPath = longWitnessReport(t)
	tm := start(t, opts, 100, 16)
	waitFor(t, tm, "longloop TestSer")
	keys(tm, "enter", "w")
	waitFor(t, tm, "200007 steps", "× 99,999 (199,998 steps)")
	keys(tm, "d") // the deadlock: where goroutines 2 and 3 end blocked
	waitFor(t, tm, "✗ blocked longloop.go:44")
	view := final(t, tm)
	for _, want := range []string{"× 99,999 (199,998 steps)", "✗ blocked longloop.go:26", "✗ blocked longloop.go:44"} {
		if !strings.Contains(view, want) {
			t.Errorf("lanes after d lack %q:\n%s", want, view)
		}
	}
}

// TestLanesJumps: c goes to the next change point (a switch of goroutine,
// a fold), g to the next step of a goroutine of the finding (2 and 3), d
// to the deadlock.
func TestLanesJumps(t *testing.T) {
	r, err := report.ReadFile(longWitnessReport(t))
	if err != nil {
		t.Fatal(err)
	}
	s := &session{st: newStyles(lipgloss.DefaultRenderer()), keys: defaultKeys()}
	l := newLanesView(s)
	l.SetSize(100, 6) // three rows of steps
	l.Show(&r.Findings[0])
	top := func() string {
		it := l.items[l.vp.YOffset]
		if it.fold > 0 {
			return "fold"
		}
		if it.step < 0 {
			return "end"
		}
		return fmt.Sprint(it.step + 1)
	}
	var got []string
	for _, k := range []string{"c", "c", "c", "g", "g", "g", "d"} {
		l.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		got = append(got, k+"→"+top())
	}
	// After d the viewport stops at its last page: the two end rows are
	// its last rows.
	want := []string{"c→3", "c→fold", "c→200005", "g→200006", "g→200007", "g→200007", "d→200007"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("jumps %v, want %v", got, want)
	}
	if !strings.Contains(l.View(), "✗ blocked longloop.go:44") {
		t.Errorf("the deadlock is not in view after d:\n%s", l.View())
	}
}

// BenchmarkOpenLongWitness: reading the report and drawing the folded
// lanes of the 200,005-step witness.
func BenchmarkOpenLongWitness(b *testing.B) {
	name := longWitnessReport(b)
	for b.Loop() {
		r, err := report.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		s := &session{st: newStyles(lipgloss.DefaultRenderer()), keys: defaultKeys()}
		l := newLanesView(s)
		l.SetSize(100, 40)
		l.Show(&r.Findings[0])
		if !strings.Contains(l.View(), "× 99,999") {
			b.Fatal("no fold")
		}
	}
}
