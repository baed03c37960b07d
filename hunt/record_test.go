package hunt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

// Record writes one trace per controlled run under .deadhunt/traces,
// replacing the package's earlier traces.
func TestRecord(t *testing.T) {
	cfg, _, _ := fakeConfig(t, "TestAimed")
	cfg.Random, cfg.PCT = 2, 1
	stale := filepath.Join(cfg.Dir, ".deadhunt", "traces", "example.com_fake", "TestGone.random-0.trace")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("deadhunt-trace 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := Record(t.Context(), cfg, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(cfg.Dir, ".deadhunt", "traces", "example.com_fake", "*.trace"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	if got := strings.Join(names, " "); got != "TestAimed.pct-1.trace TestAimed.random-0.trace TestAimed.random-1.trace" {
		t.Errorf("traces %s", got)
	}
	if rec.String() != "recorded 3 trace(s) of 1 test(s)" || rec.Dir != filepath.Join(cfg.Dir, ".deadhunt", "traces") {
		t.Errorf("recording %q in %s", rec, rec.Dir)
	}
	if len(rec.Tests) != 1 || rec.Tests[0].Outcomes[driver.Pass] != 4 {
		t.Errorf("tests %+v, want TestAimed's 4 passing runs", rec.Tests)
	}
}
