package hunt

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkHeapUnderControl measures the heap in use of the badinput
// module's heapcheck tests plainly (go test) and under control (every run
// of a confirm, recording runs included, the largest figure), after
// collecting: with a working set of 10,000 locked entries (live) and after
// dropping 48 one-megabyte objects (drop). BENCHMARKS.md, "Instrumentation
// memory".
func BenchmarkHeapUnderControl(b *testing.B) {
	for range b.N {
		dir := badInputModule(b)
		plain := filepath.Join(b.TempDir(), "plain")
		cmd := exec.Command("go", "test", "-count=1", "./heapcheck")
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "HEAPCHECK_OUT="+plain)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go test: %v\n%s", err, out)
		}
		ctl := filepath.Join(b.TempDir(), "ctl")
		b.Setenv("HEAPCHECK_OUT", ctl)
		cfg := realConfig(dir)
		if _, err := Confirm(context.Background(), cfg, []string{"./heapcheck"}); err != nil {
			b.Fatal(err)
		}
		p, c := maxHeap(b, plain), maxHeap(b, ctl)
		for _, name := range []string{"live", "drop"} {
			b.ReportMetric(float64(p[name])/(1<<20), name+"-plain-MB")
			b.ReportMetric(float64(c[name])/(1<<20), name+"-ctl-MB")
			b.ReportMetric(float64(c[name])/float64(p[name]), name+"-ratio")
		}
	}
}

// maxHeap reads the "name bytes" lines of a heapcheck output file: the
// largest figure of each name.
func maxHeap(b *testing.B, path string) map[string]uint64 {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	m := map[string]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, n, _ := strings.Cut(sc.Text(), " ")
		v, err := strconv.ParseUint(n, 10, 64)
		if err != nil {
			b.Fatalf("%s: %q", path, sc.Text())
		}
		m[name] = max(m[name], v)
	}
	return m
}
