package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

// Two shards of the fake package's tests, merged: the deadlock once, every
// test, exit 3; the merged report reviews like any other.
func TestMergeShards(t *testing.T) {
	e, _ := fake(t, "TestDeadlock", "TestPass", "TestFail")
	for i, shard := range []string{"1/2", "2/2"} {
		r := cli(t, e, "confirm", "--runs", "5", "-p", "1", "--shard", shard, "-o", []string{"s1.json", "s2.json"}[i])
		if !strings.Contains(r.stdout, "shard "+shard+": ") {
			t.Errorf("shard %s: stdout does not say the share:\n%s", shard, r.stdout)
		}
	}
	r := cli(t, e, "merge", "s1.json", "s2.json", "-o", "all.json")
	if r.code != exitDeadlock || !strings.Contains(r.stdout, "merged 2 report(s) into all.json: 3 test(s)") {
		t.Fatalf("merge: exit %d, want 3; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	rep, err := report.ReadFile(filepath.Join(r.dir, "all.json"))
	if err != nil {
		t.Fatal(err)
	}
	confirmed := rep.Active(report.Confirmed)
	if len(confirmed) != 1 || len(rep.Errors) != 1 || !strings.Contains(confirmed[0].Witness.Replay, "all.json") {
		t.Errorf("merged: confirmed %v, errors %v; want the deadlock once (replayed from all.json) and TestFail's error", confirmed, rep.Errors)
	}
	rv := cli(t, e, "review", "--text", "all.json")
	if rv.code != exitOK || !strings.Contains(rv.stdout, confirmed[0].ID) {
		t.Errorf("review of the merged report: exit %d\n%s%s", rv.code, rv.stdout, rv.stderr)
	}
	if js := cli(t, e, "merge", "s1.json", "s2.json"); js.code != exitDeadlock {
		t.Errorf("merge to stdout: exit %d", js.code)
	} else if _, err := report.Read(strings.NewReader(js.stdout)); err != nil {
		t.Errorf("merge without -o does not print a report: %v", err)
	}
}

func TestMergeBadInput(t *testing.T) {
	e, _ := fake(t, "TestPass")
	if r := cli(t, e, "merge"); r.code != exitUsage {
		t.Errorf("merge with no reports: exit %d, want 2", r.code)
	}
	if r := cli(t, e, "merge", "missing.json"); r.code != exitError || !strings.Contains(r.stderr, "missing.json") {
		t.Errorf("merge of a missing file: exit %d, stderr %q; want 1 naming it", r.code, r.stderr)
	}
}

func TestConfirmScaleFlags(t *testing.T) {
	e, _ := fake(t, "TestPass")
	for _, args := range [][]string{{"--shard", "0/2"}, {"--shard", "3/2"}, {"--balance", "old.json"}, {"--shard", "1/2", "--balance", "missing.json"}, {"-count", "2"}} {
		if r := cli(t, e, append([]string{"confirm"}, args...)...); r.code != exitUsage {
			t.Errorf("confirm %v: exit %d, want 2; stderr %q", args, r.code, r.stderr)
		}
	}
}
