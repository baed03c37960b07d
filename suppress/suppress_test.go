package suppress

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

func fixedNow() time.Time { return time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC) }

func TestMissingFileIsEmpty(t *testing.T) {
	s, err := Load(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 0 || s.Contains("DH-x") {
		t.Errorf("new set has %d entries", s.Len())
	}
}

func TestAddPersists(t *testing.T) {
	root := t.TempDir()
	s, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	s.Now = fixedNow
	if err := s.Add("DH-b", "guarded by the caller"); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("DH-a", "test-only"); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("DH-b", "reworded"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, ".deadhunt", "ignore.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "ignored": [
    {
      "id": "DH-a",
      "reason": "test-only",
      "at": "2026-11-21T23:00:00Z"
    },
    {
      "id": "DH-b",
      "reason": "reworded",
      "at": "2026-11-21T23:00:00Z"
    }
  ]
}
`
	if string(data) != want {
		t.Errorf("file:\n%s\nwant:\n%s", data, want)
	}
	again, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := again.Lookup("DH-b")
	if !ok || e.Reason != "reworded" || !again.Contains("DH-a") || again.Contains("DH-c") {
		t.Errorf("reloaded: %+v", again.Entries())
	}
}

func TestRemove(t *testing.T) {
	root := t.TempDir()
	s, _ := Load(root)
	if err := s.Add("DH-a", "why"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("DH-a"); err != nil {
		t.Fatal(err)
	}
	again, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if again.Contains("DH-a") {
		t.Error("removed entry still present")
	}
}

func TestAddRequiresReason(t *testing.T) {
	s, _ := Load(t.TempDir())
	if err := s.Add("DH-a", ""); err == nil || !strings.Contains(err.Error(), "reason is required") {
		t.Errorf("err = %v", err)
	}
	if s.Contains("DH-a") {
		t.Error("rejected entry was added")
	}
}

func TestAddFailureLeavesSetUnchanged(t *testing.T) {
	root := t.TempDir()
	s, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	// A file where the directory should be makes the write fail.
	if err := os.WriteFile(filepath.Join(root, ".deadhunt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("DH-a", "why"); err == nil {
		t.Fatal("Add succeeded without a writable directory")
	}
	if s.Contains("DH-a") {
		t.Error("failed Add left the entry in the set")
	}
}

func TestLoadRejectsBadFiles(t *testing.T) {
	for name, content := range map[string]string{
		"syntax":  `{`,
		"version": `{"version": 9, "ignored": []}`,
		"no id":   `{"version": 1, "ignored": [{"reason": "x"}]}`,
	} {
		root := t.TempDir()
		os.MkdirAll(filepath.Join(root, ".deadhunt"), 0o755)
		os.WriteFile(Path(root), []byte(content), 0o644)
		if _, err := Load(root); err == nil || !strings.HasPrefix(err.Error(), "suppress: ") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// TestApply: a listed finding is marked with its entry's reason and time,
// an unlisted one is not, and an existing mark is kept.
func TestApply(t *testing.T) {
	s, err := Load(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s.Now = fixedNow
	for _, id := range []string{"DH-a", "DH-c"} {
		if err := s.Add(id, "reason "+id); err != nil {
			t.Fatal(err)
		}
	}
	kept := &report.Ignore{Reason: "earlier"}
	fs := []report.Finding{{ID: "DH-a"}, {ID: "DH-b"}, {ID: "DH-c", Ignored: kept}}
	s.Apply(fs)
	if g := fs[0].Ignored; g == nil || g.Reason != "reason DH-a" || !g.At.Equal(fixedNow()) {
		t.Errorf("DH-a: %+v", g)
	}
	if fs[1].Ignored != nil || fs[2].Ignored != kept {
		t.Errorf("DH-b %+v, DH-c %+v", fs[1].Ignored, fs[2].Ignored)
	}
}
