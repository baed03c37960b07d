// Command fake stands in for an instrumented test binary in the driver's
// tests. It reads DEADHUNT_CONFIG like the runtime does and behaves
// according to the test it is asked to run (-test.run '^TestX$'): the test
// name is the scenario. FAKE_DIR names a directory for its logs.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// What the fake reads and writes is the runtime's own (wire), by shorter
// names.
type (
	config    = wire.Config
	step      = wire.Step
	lock      = wire.Lock
	deadlock  = wire.Deadlock
	result    = wire.Result
	snapshot  = wire.Snapshot
	goroutine = wire.SnapGoroutine
)

var cfg config

// level is a flag of the test's own, given after -args (TestArgs).
var level = flag.Int("level", 0, "")

// replayWarnings are added to a deadlock's result (TestDiverge).
var replayWarnings []string

func main() {
	if os.Getenv("FAKE_CHILD") != "" {
		time.Sleep(time.Hour)
		return
	}
	run := flag.String("test.run", "", "")
	flag.Bool("test.v", false, "")
	flag.Int("test.count", 1, "")
	flag.Int("test.parallel", 1, "")
	flag.Duration("test.timeout", 0, "")
	flag.Parse()
	test := strings.TrimSuffix(strings.TrimPrefix(*run, "^"), "$")
	if p := os.Getenv("DEADHUNT_CONFIG"); p != "" {
		data, err := os.ReadFile(p)
		check(err)
		check(json.Unmarshal(data, &cfg))
	}
	logLine("runs.log", fmt.Sprintf("%s %s %d steps=%d radius=%d", test, cfg.Strategy, cfg.Seed, cfg.Steps, cfg.Radius))
	fmt.Printf("=== RUN   %s\n", test)
	if os.Getenv("FAKE_LIVE") != "" {
		logLine("alive.log", strconv.Itoa(alive()))
		if cfg.Strategy != "plain" {
			time.Sleep(50 * time.Millisecond) // runs that may overlap do
		}
	}
	if ms, err := strconv.Atoi(os.Getenv("FAKE_PLAIN_DELAY_MS")); err == nil && cfg.Strategy == "plain" {
		time.Sleep(time.Duration(ms) * time.Millisecond) // a plain run that takes its time before its outcome
	}
	scenario(test)
}

func scenario(test string) {
	switch test {
	case "TestPass":
		pass(test)
	case "TestArgs": // passes only when run with -args -level=3
		if *level != 3 {
			fmt.Printf("    fake_test.go:30: -level=%d, want 3\n--- FAIL: %s (0.00s)\nFAIL\n", *level, test)
			os.Exit(1)
		}
		pass(test)
	case "TestFail":
		fmt.Printf("    fake_test.go:12: wrong answer\n--- FAIL: %s (0.00s)\nFAIL\n", test)
		os.Exit(1)
	case "TestFailOnDeadlock": // plainly its own watchdog fails it; under control the deadlock is seen
		if cfg.Strategy == "plain" {
			fmt.Printf("    fake_test.go:20: did not finish within 1 second: deadlock\n--- FAIL: %s (1.00s)\nFAIL\n", test)
			os.Exit(1)
		}
		if cfg.Strategy == "replay" {
			replay(test)
		}
		deadlockOn(test, "a", "b")
	case "TestPanic":
		panic("boom")
	case "TestExit":
		fmt.Println("leaving early")
		os.Exit(1)
	case "TestHang":
		time.Sleep(time.Hour)
	case "TestSlowPlain": // the plain run passes only under a bound of 4 s or more
		if cfg.Strategy == "plain" && cfg.BoundMS < 4000 {
			hang(test, "plain")
		}
		pass(test)
	case "TestSlowEverywhere": // every run passes only under a bound of 4 s or more; slow under control below it
		logLine("bounds.log", fmt.Sprintf("%s %d %d", cfg.Strategy, cfg.Seed, cfg.BoundMS))
		if cfg.BoundMS < 4000 {
			class := "slow"
			if cfg.Strategy == "plain" {
				class = "plain"
			}
			hang(test, class)
		}
		pass(test)
	case "TestLongPlain", "TestStuckPlain": // the plain run reaches every bound, its goroutine computing (or waiting on a channel)
		if cfg.Strategy == "plain" {
			state := "running"
			if test == "TestStuckPlain" {
				state = "chan receive"
			}
			writeResult(result{Outcome: "hang", Test: test, Hang: &snapshot{Class: "plain", Reason: "fake plain", BoundMS: cfg.BoundMS,
				Unmanaged: []goroutine{{ID: 1, GoState: state}}}})
			os.Exit(4)
		}
		pass(test)
	case "TestSleepPlain", "TestFailSlow": // the plain run takes 300 ms, or FAKE_PLAIN_MS (and fails for TestFailSlow)
		if cfg.Strategy != "plain" {
			logLine("overlap.log", fmt.Sprintf("%s %d", cfg.Strategy, cfg.Seed))
			if cfg.Trace != "" {
				writeTrace(test, "a", "b")
			}
			pass(test)
		}
		ms, err := strconv.Atoi(os.Getenv("FAKE_PLAIN_MS"))
		if err != nil {
			ms = 300
		}
		if n, err := strconv.Atoi(os.Getenv("FAKE_PLAIN_AWAIT")); err == nil {
			awaitLines("overlap.log", n) // runs alongside: end after them, however slow the machine
		} else {
			time.Sleep(time.Duration(ms) * time.Millisecond)
		}
		logLine("overlap.log", "plain end")
		if test == "TestFailSlow" {
			fmt.Printf("    fake_test.go:12: wrong answer\n--- FAIL: %s (0.30s)\nFAIL\n", test)
			os.Exit(1)
		}
		pass(test)
	case "TestSelfBlock": // hangs plainly; the runtime sees the deadlock at once
		if cfg.Strategy == "plain" {
			time.Sleep(time.Hour)
		}
		if cfg.Strategy == "replay" {
			replay(test)
		}
		deadlockOn(test, "a", "b")
	case "TestSpin": // reaches its bound in every run, spinning under control
		class := "spin"
		if cfg.Strategy == "plain" {
			class = "plain"
		}
		hang(test, class)
	case "TestSlow": // passes plainly; slow under control below a 4 s bound
		logLine("bounds.log", fmt.Sprintf("%s %d %d", cfg.Strategy, cfg.Seed, cfg.BoundMS))
		if cfg.Strategy != "plain" && cfg.BoundMS < 4000 {
			hang(test, "slow")
		}
		pass(test)
	case "TestSlowSeed": // seeds up to 3 are slow under a 4 s bound
		logLine("bounds.log", fmt.Sprintf("%s %d %d", cfg.Strategy, cfg.Seed, cfg.BoundMS))
		if cfg.Strategy != "plain" && cfg.Seed >= 1 && cfg.Seed <= 3 && cfg.BoundMS < 4000 {
			hang(test, "slow")
		}
		pass(test)
	case "TestEndSpin": // leaks a goroutine that never stops, unless capped
		logLine("endsteps.log", fmt.Sprintf("%s %d %d", cfg.Strategy, cfg.Seed, cfg.EndSteps))
		r := result{Outcome: "ok", Test: test, Steps: 120, Acquisitions: 100, Goroutines: 3}
		if cfg.Strategy != "plain" {
			r.EndRunning = 1
		}
		writeResult(r)
		fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
		os.Exit(0)
	case "TestLeak":
		leakChild(test)
		pass(test)
	case "TestLeakHang":
		leakChild(test)
		time.Sleep(time.Hour)
	case "TestBadResult":
		check(os.WriteFile(cfg.Result, []byte(`{"outcome": "deadlock", "dead`), 0o644))
		os.Exit(3)
	case "TestAimed", "TestAimedMiss", "TestAimedUnstable":
		aimed(test)
	case "TestFlaky": // passes plainly, fails on seeds divisible by 4
		if cfg.Strategy != "plain" && cfg.Seed != 0 && cfg.Seed%4 == 0 {
			fmt.Printf("    fake_test.go:20: flaky at seed %d\n--- FAIL: %s (0.00s)\nFAIL\n", cfg.Seed, test)
			os.Exit(1)
		}
		pass(test)
	case "TestBarrier":
		if cfg.Strategy != "plain" {
			barrier()
		}
		pass(test)
	case "TestTimerSame", "TestTimerNew", "TestCountedSame": // a timer fired: orderings not counted; or 4 counted, one shown
		sig := "same" // one ordering every run
		if test == "TestTimerNew" {
			sig = strconv.FormatUint(cfg.Seed, 10) // a new one every run
		}
		r := result{Outcome: "ok", Test: test, Steps: 120, Acquisitions: 100, Goroutines: 3}
		if cfg.Explore {
			r.Explore = &wire.Explore{Shared: 1, Ordered: 1, Signature: sig, Shape: "s", Uncounted: "a timer, ticker or deadline fired"}
			if test == "TestCountedSame" {
				r.Explore.Uncounted, r.Explore.Orderings = "", 4
			}
		}
		writeResult(r)
		fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
		os.Exit(0)
	case "TestManyKinds", "TestManyNewKinds", "TestManyNewDraws": // thousands of goroutines: no guarantee; a new ordering every run, of known kinds or a new one, or of known kinds with a new draw
		r := result{Outcome: "ok", Test: test, Steps: 200000, Acquisitions: 100000, Goroutines: 5000}
		if cfg.Explore {
			kinds, draws := []uint64{1, 2, 3}, []uint64{7}
			switch test {
			case "TestManyNewKinds":
				kinds = append(kinds, 100+cfg.Seed)
			case "TestManyNewDraws":
				draws = append(draws, 100+cfg.Seed)
			}
			r.Explore = &wire.Explore{Shared: 1, Ordered: 1, Signature: strconv.FormatUint(cfg.Seed, 10), Shape: "s",
				Uncounted: "a context was cancelled", Kinds: kinds, DrawKinds: draws}
		}
		writeResult(r)
		fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
		os.Exit(0)
	case "TestOneDraws", "TestOneNewKinds", "TestOneThenTwo", "TestOneThenTwoShort": // one goroutine whose small draws give a new combination every run; the others start a second goroutine at seed 5 (the short one with few acquisitions: a budget that promises something)
		r := result{Outcome: "ok", Test: test, Steps: 40, Acquisitions: 17, Goroutines: 1}
		if test == "TestOneThenTwoShort" {
			r.Steps, r.Acquisitions = 8, 4
		}
		if strings.HasPrefix(test, "TestOneThenTwo") && cfg.Seed == 5 {
			r.Goroutines = 2
		}
		if cfg.Explore {
			r.Explore = &wire.Explore{Orderings: 131072, Choices: 17, Signature: strconv.FormatUint(cfg.Seed, 10), Shape: "s",
				DrawKinds: []uint64{1, 2, 3, 4}}
			if test == "TestOneNewKinds" {
				r.Explore.DrawKinds = append(r.Explore.DrawKinds, 100+cfg.Seed)
			}
		}
		writeResult(r)
		fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
		os.Exit(0)
	default:
		seeded(test)
	}
}

// seeded scenarios deadlock on some seeds; replays behave per scenario.
func seeded(test string) {
	if cfg.Strategy == "replay" {
		replay(test)
		return
	}
	switch {
	case cfg.Strategy == "plain" || cfg.Seed == 0:
		pass(test)
	case test == "TestEvery": // every seed, seed 1 slowly: seed 2 is confirmed first
		if cfg.Seed == 1 {
			time.Sleep(400 * time.Millisecond)
		}
		deadlockOn(test, "a", "b")
	case test == "TestRecorded": // only the recording's random seed 2
		if cfg.Strategy == "random" && cfg.Seed == 2 {
			deadlockOn(test, "a", "b")
		}
		pass(test)
	case test == "TestTwo" && cfg.Seed%2 == 0:
		deadlockOn(test, "a", "b")
	case test == "TestTwo" && cfg.Seed%3 == 0:
		deadlockOn(test, "c", "d")
	case test != "TestTwo" && cfg.Seed%3 == 0:
		deadlockOn(test, "a", "b")
	default:
		pass(test)
	}
}

// aimed scenarios record an AB-BA cycle in their trace (locks a, b for
// TestAimed, c, d for TestAimedMiss) and deadlock only under the directed
// strategy aimed at the cycle's inner acquisition site, on even seeds
// (TestAimed) or never (TestAimedMiss).
func aimed(test string) {
	x, y := "a", "b"
	if test == "TestAimedMiss" {
		x, y = "c", "d"
	}
	if cfg.Trace != "" {
		writeTrace(test, x, y)
	}
	if cfg.Strategy == "replay" {
		replay(test)
		return
	}
	var target wire.Target
	if cfg.Target != nil {
		target = *cfg.Target
	}
	logLine("targets.log", fmt.Sprintf("%s %s %d classes=%q sites=%q goroutines=%q", test, cfg.Strategy, cfg.Seed, target.Classes, target.Sites, target.Goroutines))
	hit := slices.Contains(target.Sites, "/fake/"+x+".go:11:2")
	if cfg.Strategy == "directed" && hit && test == "TestAimed" && cfg.Seed%2 == 0 {
		deadlockOn(test, x, y)
	}
	if cfg.Strategy == "directed" && hit && test == "TestAimedUnstable" && cfg.Seed <= 2 {
		deadlockOn(test, x, y) // seed 1's replay does not reproduce it (replay)
	}
	r := result{Outcome: "ok", Test: test, Steps: 120, Acquisitions: 100, Goroutines: 3}
	if hit {
		r.TargetAcquisitions = 2
	}
	writeResult(r)
	fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
	os.Exit(0)
}

// writeTrace writes a trace (predict/TRACE.md) in which goroutine 2 takes
// x then y and goroutine 3 y then x: a predicted AB-BA cycle whose inner
// acquisitions are at /fake/<x>.go:11:2 and :21:2.
func writeTrace(test, x, y string) {
	f := "/fake/" + x + ".go"
	lines := []string{"deadhunt-trace 1", "run 1 " + test,
		"site 0 " + f + ":10:2 fake.f", "site 1 " + f + ":11:2 fake.f",
		"site 2 " + f + ":20:2 fake.g", "site 3 " + f + ":21:2 fake.g",
		"lock 0 (*fake.T)." + x + " 0x1", "lock 1 (*fake.T)." + y + " 0x2",
		"go 1 2 0", "go 1 3 2",
		"acq 2 0 0", "acq 2 1 1", "rel 2 1", "rel 2 0",
		"acq 3 1 2", "acq 3 0 3", "rel 3 0", "rel 3 1"}
	check(os.WriteFile(cfg.Trace, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

func replay(test string) {
	data, err := os.ReadFile(cfg.Replay)
	check(err)
	var w result // the driver writes the witness's schedule, draws and clock as a result
	check(json.Unmarshal(data, &w))
	sched := w.Schedule
	if len(sched) < 2 {
		fail("bad schedule")
	}
	switch test {
	case "TestDiverge": // leaves the schedule at once, then deadlocks the same way
		replayWarnings = []string{"replay: diverged at step 1: goroutine 2 was to step at /fake/a.go:10:2 but is blocked at /fake/a.go:12:2 (enabled: 3 at /fake/a.go:20:2); continuing at random"}
		deadlockOn(test, sched[0].Site, sched[1].Site)
	case "TestUnstable":
		writeResult(result{Outcome: "ok", Test: test, Warnings: []string{"replay diverged at step 2: goroutine 2 not enabled"}})
		fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
	case "TestMorph":
		deadlockOn(test, "x", "y")
	case "TestAimedUnstable":
		if cfg.Seed == 1 {
			writeResult(result{Outcome: "ok", Test: test, Warnings: []string{"replay: diverged at draw 0 (random draw at /fake/a.go:9:2, step 3): the witness drew it at step 2; continuing at random"}})
			fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
			return
		}
		deadlockOn(test, sched[0].Site, sched[1].Site)
	default:
		deadlockOn(test, sched[0].Site, sched[1].Site)
	}
}

func deadlockOn(test, a, b string) {
	ca, cb := "(*fake.T)."+a, "(*fake.T)."+b
	writeResult(result{
		Outcome: "deadlock", Test: test, Steps: 12, Acquisitions: 4, Goroutines: 3,
		Schedule: []step{{Goroutine: 1, Site: a, Op: "Lock"}, {Goroutine: 2, Site: b, Op: "Lock"}},
		Deadlock: &deadlock{Kind: "lock-order-cycle", Message: "goroutine 1 holds " + ca + " and waits for " + cb,
			Locks: []lock{{Class: ca}, {Class: cb}}},
		Warnings: replayWarnings,
	})
	fmt.Fprintf(os.Stderr, "deadhunt: deadlock: %s and %s\n  result and schedule: %s\n", ca, cb, cfg.Result)
	os.Exit(3)
}

func pass(test string) {
	writeResult(result{Outcome: "ok", Test: test, Steps: 120, Acquisitions: 100, Goroutines: 3})
	fmt.Printf("--- PASS: %s (0.00s)\nPASS\n", test)
	os.Exit(0)
}

// hang writes a result stopped at the bound, as the runtime does, and
// exits with status 4.
func hang(test, class string) {
	writeResult(result{Outcome: "hang", Test: test, Steps: 5000, Goroutines: 2,
		Schedule: []step{{Goroutine: 1, Site: "spin.go:3:1", Op: "Gosched"}},
		Hang:     &snapshot{Class: class, Reason: "fake " + class, BoundMS: cfg.BoundMS}})
	os.Exit(4)
}

func writeResult(r result) {
	if cfg.Result == "" {
		return
	}
	data, err := json.Marshal(r)
	check(err)
	check(os.WriteFile(cfg.Result, data, 0o644))
}

// leakChild starts a child that sleeps for an hour and records its pid.
func leakChild(test string) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "FAKE_CHILD=1")
	check(cmd.Start())
	check(os.WriteFile(filepath.Join(os.Getenv("FAKE_DIR"), test+".pid"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644))
}

// barrier records how many fake processes are alive at once and waits (a
// bounded time) for a second one, so that parallel runs overlap.
func barrier() {
	live := filepath.Join(os.Getenv("FAKE_DIR"), "live")
	check(os.MkdirAll(live, 0o755))
	me := filepath.Join(live, strconv.Itoa(os.Getpid()))
	check(os.WriteFile(me, nil, 0o644))
	defer os.Remove(me)
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		es, err := os.ReadDir(live)
		check(err)
		logLine("live.log", strconv.Itoa(len(es)))
		if len(es) >= 2 {
			time.Sleep(50 * time.Millisecond)
			return
		}
	}
}

// alive registers this process and counts the fake processes alive now,
// this one included (a process that ended, even unreaped, is not).
func alive() int {
	dir := filepath.Join(os.Getenv("FAKE_DIR"), "alive")
	check(os.MkdirAll(dir, 0o755))
	check(os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644))
	es, err := os.ReadDir(dir)
	check(err)
	n := 0
	for _, e := range es {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil && !strings.Contains(string(stat), ") Z ") {
			n++
		}
	}
	return n
}

// awaitLines waits until the log file name has n lines (at most a minute).
func awaitLines(name string, n int) {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		data, _ := os.ReadFile(filepath.Join(os.Getenv("FAKE_DIR"), name))
		if strings.Count(string(data), "\n") >= n {
			return
		}
	}
}

func logLine(name, line string) {
	dir := os.Getenv("FAKE_DIR")
	if dir == "" {
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	check(err)
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	check(err)
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "fake:", msg)
	os.Exit(4)
}

func check(err error) {
	if err != nil {
		fail(err.Error())
	}
}
