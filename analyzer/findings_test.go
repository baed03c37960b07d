package analyzer_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/report"
)

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module badmod\n\ngo 1.26\n"
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestFindingsBadInput checks that a package with type errors is reported
// as an error while the others are still analysed, and that findings carry
// structured locks and edges.
func TestFindingsBadInput(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"good/good.go": `package good

import "sync"

var a, b sync.Mutex

func ab() { a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }
func ba() { b.Lock(); a.Lock(); a.Unlock(); b.Unlock() }
`,
		"broken/broken.go": `package broken

func f() int { return undefined }
`,
	})
	rep, err := analyzer.Findings(context.Background(), dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) == 0 || !strings.Contains(rep.Errors[0].Error(), "undefined") {
		t.Errorf("errors = %v, want the type error of badmod/broken", rep.Errors)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("findings = %+v, want one cycle in badmod/good", rep.Findings)
	}
	f := rep.Findings[0]
	if f.Kind != report.LockOrderCycle || f.Status != report.PredictedStatic || f.Package != "badmod/good" {
		t.Errorf("finding = %s %s %s", f.Kind, f.Status, f.Package)
	}
	if want := report.ComputeID(report.LockOrderCycle, "badmod/good", []string{"good.a", "good.b"}); f.ID != want {
		t.Errorf("id = %s, want %s", f.ID, want)
	}
	if len(f.Edges) != 2 || f.Edges[0].Held != f.Edges[1].Acquired || f.Edges[0].AcquiredAt.Line == 0 {
		t.Errorf("edges = %+v, want two edges closing a cycle, with sites", f.Edges)
	}
	if err := f.CheckValid(); err != nil {
		t.Error(err)
	}
}
