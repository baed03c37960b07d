package main

import (
	"strings"
	"testing"
)

// Record prints a line per test and where the traces went (hunt's
// TestRecord checks the files).
func TestRecord(t *testing.T) {
	e, _ := fake(t, "TestAimed", "TestFail")
	r := cli(t, e, "record", "-random", "2", "-pct", "1", "-p", "1")
	if r.code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	want := "example.com/fake TestAimed: 3 trace(s)\nexample.com/fake TestFail: 0 trace(s), 1 run(s) fail\nrecorded 3 trace(s) of 2 test(s) in .deadhunt/traces\n"
	if r.stdout != want || r.stderr != "" {
		t.Errorf("stdout %q, stderr %q; want stdout %q", r.stdout, r.stderr, want)
	}
}

func TestRecordUsage(t *testing.T) {
	for _, args := range [][]string{{"-random", "0", "-pct", "0"}, {"-p", "0"}, {"-run", "["}, {"-random", "-1"}} {
		e, b := fake(t)
		r := cli(t, e, append([]string{"record"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "deadhunt record -h") || b.Calls() != 0 {
			t.Errorf("%q: exit %d, %d build(s), stderr %q; want a usage error", args, r.code, b.Calls(), r.stderr)
		}
	}
}
