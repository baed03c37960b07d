package rt_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// tScenarios need the test's *testing.T.
var tScenarios = map[string]func(t *testing.T){
	"subtests": subtests,
}

// TestHelperProcess is the test body of a child process: the test binary
// re-executes itself with DH_SCENARIO (and DEADHUNT_CONFIG) set, so exits and
// hangs are contained.
func TestHelperProcess(t *testing.T) {
	name := os.Getenv("DH_SCENARIO")
	if name == "" {
		t.Skip("child process only")
	}
	defer rt.TestStart(t)()
	if f := tScenarios[name]; f != nil {
		f(t)
		return
	}
	scenarios[name]()
}

// subtests: sequential and parallel subtests sharing a mutex.
func subtests(t *testing.T) {
	var mu sync.Mutex
	n := 0
	body := func(t *testing.T) {
		rt.Lock(&mu, at("Lock", "p.mu"))
		n++
		rt.Unlock(&mu, at("Unlock", "p.mu"))
	}
	rt.Run(t, "seq", body, at("Run", ""))
	for _, name := range []string{"par1", "par2"} {
		rt.Run(t, name, func(t *testing.T) {
			rt.Parallel(t, at("Parallel", ""))
			body(t)
		}, at("Run", ""))
	}
	rt.Run(t, "filtered-out", body, at("Run", ""))
}

type child struct {
	code   int
	stderr string
	result *rt.Result
	raw    []byte
}

// runChild runs scenario name in a child process under cfg (nil: no
// DEADHUNT_CONFIG), bounded by a timeout.
func runChild(t *testing.T, name string, cfg *rt.Config, extraArgs ...string) child {
	t.Helper()
	dir := t.TempDir()
	env := append(os.Environ(), "DH_SCENARIO="+name)
	resultFile := filepath.Join(dir, "result.json")
	if cfg != nil {
		c := *cfg
		c.Result = resultFile
		data, err := json.Marshal(map[string]any{
			"strategy": c.Strategy, "seed": c.Seed, "depth": c.Depth, "steps": c.Steps,
			"replay": c.Replay, "result": c.Result, "watchdog_ms": c.WatchdogMS, "bound_ms": c.BoundMS,
		})
		if err != nil {
			t.Fatal(err)
		}
		cfgFile := filepath.Join(dir, "config.json")
		if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
			t.Fatal(err)
		}
		env = append(env, "DEADHUNT_CONFIG="+cfgFile)
	} else {
		env = slicesWithout(env, "DEADHUNT_CONFIG=")
	}
	// A guard against a child that hangs, not a measure: a loaded machine
	// may take many times a child's usual second or two.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{"-test.run=^TestHelperProcess$", "-test.count=1", "-test.v"}, extraArgs...)
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("child %s timed out:\n%s", name, stderr.String())
	}
	c := child{stderr: stderr.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		c.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(resultFile); err == nil {
		c.raw = data
		c.result = new(rt.Result)
		if err := json.Unmarshal(data, c.result); err != nil {
			t.Fatalf("result: %v", err)
		}
	}
	return c
}

func slicesWithout(env []string, prefix string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, prefix) {
			out = append(out, e)
		}
	}
	return out
}

func TestChildDeadlockExit3(t *testing.T) {
	// Find a deadlocking seed in-process, then confirm it in a child.
	var cfg rt.Config
	for seed := uint64(1); seed < 300; seed++ {
		cfg = rt.Config{Strategy: "pct", Depth: 2, Steps: 12, Seed: seed, WatchdogMS: 20}
		if r := run(t, cfg, "abba"); r.Deadlock != nil {
			break
		}
	}
	c := runChild(t, "abba", &cfg)
	if c.code != 3 {
		t.Fatalf("exit status %d, want 3:\n%s", c.code, c.stderr)
	}
	for _, want := range []string{"deadlock (lock-order-cycle)", "p.a", "p.b", "scenarios_test.go:", "seed " + itoa(cfg.Seed)} {
		if !strings.Contains(c.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, c.stderr)
		}
	}
	if c.result == nil || c.result.Outcome != "deadlock" || c.result.Test != "TestHelperProcess" {
		t.Fatalf("result %+v", c.result)
	}
	// The deadlock and the schedule decode strictly into the report types.
	var raw struct {
		Deadlock json.RawMessage `json:"deadlock"`
		Schedule json.RawMessage `json:"schedule"`
	}
	if err := json.Unmarshal(c.raw, &raw); err != nil {
		t.Fatal(err)
	}
	var f report.Finding
	dec := json.NewDecoder(bytes.NewReader(raw.Deadlock))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("deadlock does not decode into report.Finding: %v", err)
	}
	var steps []report.Step
	dec = json.NewDecoder(bytes.NewReader(raw.Schedule))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&steps); err != nil {
		t.Fatalf("schedule does not decode into []report.Step: %v", err)
	}
	if f.Kind != report.LockOrderCycle || len(f.Goroutines) != 2 || len(steps) != c.result.Steps {
		t.Errorf("finding %s with %d goroutines, %d steps", f.Kind, len(f.Goroutines), len(steps))
	}
	for _, g := range f.Goroutines {
		if len(g.Stack) == 0 || g.Stack[0].Line == 0 {
			t.Errorf("goroutine %d without stack", g.ID)
		}
	}
	// Replaying the child's schedule in a child deadlocks the same way.
	sched := filepath.Join(t.TempDir(), "result.json")
	if err := os.WriteFile(sched, c.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runChild(t, "abba", &rt.Config{Strategy: "replay", Replay: sched})
	if r.code != 3 || r.result == nil || len(r.result.Schedule) != len(c.result.Schedule) {
		t.Fatalf("replay: exit %d:\n%s", r.code, r.stderr)
	}
}

func itoa(n uint64) string { b, _ := json.Marshal(n); return string(b) }

func TestChildPanicReported(t *testing.T) {
	c := runChild(t, "panic", &rt.Config{Strategy: "random", Seed: 1})
	if c.code == 0 || c.code == 3 {
		t.Fatalf("exit status %d, want a panic's", c.code)
	}
	for _, want := range []string{"deadhunt: panic in goroutine 2", "assignment to entry in nil map", "scenarios_test.go:"} {
		if !strings.Contains(c.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, c.stderr)
		}
	}
}

func TestChildNetReadDoesNotHang(t *testing.T) {
	c := runChild(t, "netread", &rt.Config{Strategy: "pct", Seed: 3, WatchdogMS: 20})
	if c.code != 0 || c.result == nil || c.result.Outcome != "ok" {
		t.Fatalf("exit status %d, result %+v:\n%s", c.code, c.result, c.stderr)
	}
	if !strings.Contains(strings.Join(c.result.Warnings, "\n"), "released by the watchdog") {
		t.Errorf("warnings %q, want the watchdog's release", c.result.Warnings)
	}
}

func TestChildSubtests(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		c := runChild(t, "subtests", &rt.Config{Strategy: "random", Seed: seed, WatchdogMS: 20}, "-test.run=^TestHelperProcess$/^(seq|par1|par2)$")
		if c.code != 0 || c.result == nil || c.result.Outcome != "ok" {
			t.Fatalf("seed %d: exit status %d, result %+v:\n%s", seed, c.code, c.result, c.stderr)
		}
		for _, sub := range []string{"seq", "par1", "par2"} {
			if !strings.Contains(c.stderr, "--- PASS: TestHelperProcess/"+sub) {
				t.Errorf("subtest %s did not pass:\n%s", sub, c.stderr)
			}
		}
	}
}

func TestChildPassThrough(t *testing.T) {
	for _, name := range []string{"ordered", "pingpong", "condqueue", "buffered", "subtests"} {
		c := runChild(t, name, nil)
		if c.code != 0 || c.result != nil {
			t.Errorf("%s without DEADHUNT_CONFIG: exit status %d:\n%s", name, c.code, c.stderr)
		}
	}
}

func TestChildPlainCounts(t *testing.T) {
	c := runChild(t, "ordered", &rt.Config{Strategy: "plain"})
	if c.code != 0 || c.result == nil {
		t.Fatalf("exit status %d:\n%s", c.code, c.stderr)
	}
	// ordered: 4 lock operations ×3 and a WGWait, at least.
	if c.result.Steps < 13 || c.result.Acquisitions != 6 || c.result.Goroutines != 4 {
		t.Errorf("plain counted %d steps, %d acquisitions, %d goroutines", c.result.Steps, c.result.Acquisitions, c.result.Goroutines)
	}
}

func TestPassThroughInProcess(t *testing.T) {
	if rt.Active() {
		t.Skip("a scheduler is installed")
	}
	for _, name := range []string{"ordered", "pingpong", "condqueue", "oncesel", "spin", "buffered", "selectnil", "backoff", "afterfunc", "rwclean"} {
		scenarios[name]()
	}
}
