package driver

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

func TestClassify(t *testing.T) {
	pkg, env, _ := fakePackage(t)
	r := newRunner(20*time.Second, env, t.TempDir(), 2)
	cases := []struct {
		test     string
		strategy report.Strategy
		seed     uint64
		want     Outcome
		tail     string
	}{
		{"TestPass", report.Plain, 0, Pass, "--- PASS"},
		{"TestFail", report.Plain, 0, Fail, "wrong answer"},
		{"TestPanic", report.Plain, 0, Panic, "panic: boom"},
		{"TestExit", report.Plain, 0, Exit, "leaving early"},
		{"TestDeadlock", report.RPro, 3, Deadlock, "deadhunt: deadlock"},
		{"TestDeadlock", report.RPro, 4, Pass, "--- PASS"},
		{"TestBadResult", report.RPro, 1, Exit, "driver: result"},
	}
	for _, c := range cases {
		rn, err := r.exec(context.Background(), &pkg, c.test, wire.Config{Strategy: c.strategy, Seed: c.seed})
		if err != nil {
			t.Fatalf("%s: %v", c.test, err)
		}
		if rn.Outcome != c.want {
			t.Errorf("%s seed %d: outcome %s, want %s; output:\n%s", c.test, c.seed, rn.Outcome, c.want, rn.Tail)
		}
		if !strings.Contains(rn.Tail, c.tail) {
			t.Errorf("%s: tail %q does not contain %q", c.test, rn.Tail, c.tail)
		}
	}
}

func TestClassifyDeadlockNeedsResult(t *testing.T) {
	// Exit code 3 alone (a test calling os.Exit(3)) is not a deadlock.
	if o := classify(3, nil, outputInfo{}); o != Exit {
		t.Errorf("exit 3 without result: %s, want exit", o)
	}
	if o := classify(3, &wire.Result{Outcome: "ok"}, outputInfo{}); o != Exit {
		t.Errorf("exit 3 with ok result: %s, want exit", o)
	}
}

func TestTimeoutKillsGroup(t *testing.T) {
	pkg, env, dir := fakePackage(t)
	r := newRunner(300*time.Millisecond, env, t.TempDir(), 1)
	for _, test := range []string{"TestHang", "TestLeakHang"} {
		rn, err := r.exec(context.Background(), &pkg, test, wire.Config{Strategy: report.Plain})
		if err != nil {
			t.Fatal(err)
		}
		if rn.Outcome != Timeout {
			t.Errorf("%s: outcome %s, want timeout", test, rn.Outcome)
		}
	}
	assertDead(t, childPID(t, dir, "TestLeakHang"))
}

func TestLeakedChildKilled(t *testing.T) {
	pkg, env, dir := fakePackage(t)
	r := newRunner(20*time.Second, env, t.TempDir(), 1)
	rn, err := r.exec(context.Background(), &pkg, "TestLeak", wire.Config{Strategy: report.Plain})
	if err != nil {
		t.Fatal(err)
	}
	if rn.Outcome != Pass {
		t.Errorf("outcome %s, want pass", rn.Outcome)
	}
	assertDead(t, childPID(t, dir, "TestLeak"))
}

func TestCanceledRun(t *testing.T) {
	pkg, env, _ := fakePackage(t)
	r := newRunner(time.Hour, env, t.TempDir(), 1)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	if _, err := r.exec(ctx, &pkg, "TestHang", wire.Config{Strategy: report.Plain}); err != errCanceled {
		t.Errorf("err %v, want errCanceled", err)
	}
}

func childPID(t *testing.T, dir, test string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, test+".pid"))
	if err != nil {
		t.Fatalf("the fake did not start its child: %v", err)
	}
	pid, err := strconv.Atoi(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// assertDead checks that pid is gone or a zombie. A killed process can stay
// a zombie until its new parent reaps it, so a live state is rechecked for
// a while before failing.
func assertDead(t *testing.T, pid int) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to inspect processes")
	}
	for range 100 {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return
		}
		f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		if len(f) > 0 && (f[0] == "Z" || f[0] == "X") {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("child process %d still alive", pid)
}
