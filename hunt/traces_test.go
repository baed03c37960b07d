package hunt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/report"
)

// traceCounter is an Observer that counts, when the recording is done,
// the trace files in the cache's trace directories.
type traceCounter struct {
	observed
	cache string
	n     int
}

func (o *traceCounter) Stage(line string) {
	if strings.HasPrefix(line, "recorded ") {
		files, _ := filepath.Glob(filepath.Join(o.cache, "traces-*", "*", "*.trace"))
		o.n = len(files)
	}
	o.observed.Stage(line)
}

// cacheTraces are the trace directories left in the cache.
func cacheTraces(t *testing.T, cache string) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(cache, "traces-*"))
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// Predict writes its traces to a directory of its own in the cache, not
// in the module, and removes it when done.
func TestPredictTracesInCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(cachedir.Env, cache)
	cfg, _, _ := fakeConfig(t, "TestAimed")
	o := &traceCounter{cache: cache}
	cfg.Observer = o
	ps, err := Predict(t.Context(), cfg, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	if o.n != 5 || len(ps.Report.Findings) == 0 {
		t.Errorf("%d trace(s) in the cache after recording, findings %v; want 5 and the traces' cycle", o.n, ps.Report.Findings)
	}
	if dirs := cacheTraces(t, cache); len(dirs) != 0 {
		t.Errorf("trace directories left in the cache: %q", dirs)
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, ".deadhunt", "traces")); !os.IsNotExist(err) {
		t.Errorf("traces directory in the module: %v, want none", err)
	}
}

// Confirm predicts from traces in the cache (the fake's aimed deadlock is
// confirmed only through its prediction), which are gone when it returns;
// with KeepTraces they are in .deadhunt/traces and stay.
func TestConfirmTraces(t *testing.T) {
	for _, keep := range []bool{false, true} {
		cache := t.TempDir()
		t.Setenv(cachedir.Env, cache)
		cfg, _, _ := fakeConfig(t, "TestAimed")
		cfg.KeepTraces = keep
		res := confirm(t, cfg)
		if fs := res.Report.Findings; len(fs) != 1 || fs[0].Status != report.Confirmed {
			t.Errorf("keep %v: findings %v, want the aimed deadlock confirmed", keep, fs)
		}
		if dirs := cacheTraces(t, cache); len(dirs) != 0 {
			t.Errorf("keep %v: trace directories left in the cache: %q", keep, dirs)
		}
		kept, _ := filepath.Glob(filepath.Join(cfg.Dir, ".deadhunt", "traces", "*", "*.trace"))
		if want := map[bool]int{false: 0, true: 5}[keep]; len(kept) != want {
			t.Errorf("keep %v: %d trace(s) in .deadhunt/traces, want %d", keep, len(kept), want)
		}
	}
}
