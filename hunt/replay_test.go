package hunt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// A confirmed witness replays the same way, every time, from one build.
func TestReplayer(t *testing.T) {
	cfg, b, _ := fakeConfig(t, "TestDeadlock")
	cfg.Runs = 5
	confirm(t, cfg)
	fs, err := Witnesses(cfg.Dir, ".deadhunt/last.json", "")
	if err != nil || len(fs) != 1 {
		t.Fatalf("witnesses %v, %v", fs, err)
	}
	r, err := NewReplayer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	builds := b.Calls()
	for range 3 {
		res, err := r.Replay(t.Context(), &fs[0])
		if err != nil || !res.Reproduced || res.Outcome != driver.Deadlock {
			t.Fatalf("replay %+v, %v", res, err)
		}
	}
	if n := b.Calls() - builds; n != 1 {
		t.Errorf("built %d times, want once for three replays", n)
	}
	fs[0].Witness.Test = "TestUnstable" // its replay leaves the schedule
	if res, err := r.Replay(t.Context(), &fs[0]); err != nil || res.Reproduced || !strings.Contains(res.Divergence, "replay diverged at step 2") {
		t.Errorf("replay of a diverging witness %+v, %v", res, err)
	}
}

func TestWitnessesErrors(t *testing.T) {
	dir := t.TempDir()
	confirmed := report.Finding{ID: "DH-1", Kind: report.DoubleLock, Status: report.Confirmed, Package: "p",
		Locks: []report.Lock{{Class: "p.mu"}}, Witness: &report.Witness{Strategy: report.RPro, Runs: 1, Hits: 1}}
	predicted := report.Finding{ID: "DH-2", Kind: report.DoubleLock, Status: report.PredictedStatic, Package: "p",
		Locks: []report.Lock{{Class: "p.mu"}}}
	write := func(name string, fs ...report.Finding) {
		rep := &report.Report{Version: report.Version, Findings: fs}
		if err := rep.WriteFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	write("both.json", confirmed, predicted)
	write("none.json", predicted)
	if err := os.WriteFile(filepath.Join(dir, "old.json"), []byte(`{"version": 99, "findings": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, id, want string }{
		{"both.json", "DH-2", "finding DH-2 is predicted-static, not confirmed: it has no witness to replay"},
		{"both.json", "DH-3", "both.json: no finding DH-3"},
		{"none.json", "", "none.json: no confirmed finding to replay"},
		{"old.json", "", "version 99 is not supported"},
		{"missing.json", "", "missing.json"},
	} {
		if _, err := Witnesses(dir, c.path, c.id); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.path, c.id, err, c.want)
		}
	}
	if fs, err := Witnesses(dir, "both.json", ""); err != nil || len(fs) != 1 || fs[0].ID != "DH-1" {
		t.Errorf("witnesses %v, %v; want DH-1 only", fs, err)
	}
}
