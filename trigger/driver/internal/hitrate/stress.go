package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// leakCheck is a test added (through an overlay, in the package's external
// test package) to the uninstrumented test binary: run after the case's
// test, it lets goroutines settle for 20 ms, then writes Go 1.26's
// goroutineleak profile (GOEXPERIMENT=goroutineleakprofile: goroutines
// blocked on primitives no runnable goroutine can reach) and exits 3 if it
// is not empty. While some goroutine is still in time.Sleep (a time case
// whose goroutines run for about a second), it checks again every 20 ms,
// for at most 1.5 s.
const leakCheck = `package %s_test

import (
	"bytes"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"
)

func TestZZDeadhuntLeakCheck(t *testing.T) {
	end := time.Now().Add(1500 * time.Millisecond)
	for {
		time.Sleep(20 * time.Millisecond)
		var b bytes.Buffer
		if err := pprof.Lookup("goroutineleak").WriteTo(&b, 1); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), "goroutineleak profile: total 0\n") {
			os.Stdout.WriteString("DEADHUNT-LEAK\n" + b.String())
			os.Exit(3)
		}
		stacks := make([]byte, 1<<20)
		if !strings.Contains(string(stacks[:runtime.Stack(stacks, true)]), " [sleep") || time.Now().After(end) {
			return
		}
	}
}
`

// stress is the column of plain go test runs: -strategies names it beside
// the runtime's strategies (report.Strategy), though it is none of them.
const stress = "stress"

// measureStress runs the case's test o.seeds times with plain go test:
// the uninstrumented test binary under the OS scheduler, plus the leak
// check. A run hits when the leak check finds goroutines leaked blocked,
// when the Go runtime reports "all goroutines are asleep", or when the test
// hangs until -test.timeout (2 s). Runs are not seeded: they differ only by
// the OS's timing.
func measureStress(ctx context.Context, o options, c corpus.Case, pkg driver.Package) (rate, error) {
	tmp, err := os.MkdirTemp("", "hitrate-stress-")
	if err != nil {
		return rate{}, err
	}
	defer os.RemoveAll(tmp)
	bin, err := buildStress(ctx, tmp, pkg)
	if err != nil {
		return rate{note: "stress build: " + firstLine(err.Error())}, nil
	}
	r := rate{runs: o.seeds, bad: map[driver.Outcome]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, o.parallel))
	for range o.seeds {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			hit, hang := stressRun(ctx, bin, pkg.Dir, c.Test)
			mu.Lock()
			defer mu.Unlock()
			if hit {
				r.deadlocks++
			}
			if hang {
				r.bad[driver.Timeout]++
			}
		}()
	}
	wg.Wait()
	r.expected = r.deadlocks > 0
	r.confirmed = r.deadlocks
	return r, ctx.Err()
}

func buildStress(ctx context.Context, tmp string, pkg driver.Package) (string, error) {
	list := exec.CommandContext(ctx, "go", "list", "-f", "{{.Name}}", ".")
	list.Dir = pkg.Dir
	name, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w", err)
	}
	src := filepath.Join(tmp, "leak_test.go")
	if err := os.WriteFile(src, fmt.Appendf(nil, leakCheck, strings.TrimSpace(string(name))), 0o644); err != nil {
		return "", err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(pkg.Dir, "zz_deadhunt_leak_test.go"): src}})
	if err != nil {
		return "", err
	}
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(tmp, "stress.test")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-overlay", ov, "-o", bin, ".")
	cmd.Dir = pkg.Dir
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=goroutineleakprofile")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go test -c: %v\n%s", err, out)
	}
	return bin, nil
}

// stressRun runs the plain binary once: hit reports a deadlock seen by the
// leak check, the Go runtime, or a hang; hang a hang.
func stressRun(ctx context.Context, bin, dir, test string) (hit, hang bool) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run", "^("+regexp.QuoteMeta(test)+"|TestZZDeadhuntLeakCheck)$",
		"-test.count=1", "-test.timeout=2s")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Run()
	s := out.String()
	hang = strings.Contains(s, "panic: test timed out")
	hit = hang || strings.Contains(s, "DEADHUNT-LEAK") || strings.Contains(s, "all goroutines are asleep")
	return hit, hang
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
