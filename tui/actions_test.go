package tui

import (
	"os/exec"
	"strings"
	"testing"
)

// A replay that did not reproduce says why: deadhunt replay's error, or
// how the replay went; the command run names the report under review.
func TestReplayWhy(t *testing.T) {
	const id = "DH-2c7af3f694"
	cases := []struct {
		out  string
		code int
		want string
	}{
		{"deadhunt replay: " + id + ": driver: finding " + id + ": stale witness: the test binary of example.com/x is not the one that recorded it (fingerprint 1, now 2); run deadhunt confirm again",
			1, "replay " + id + ": failed (exit 1): stale witness: the test binary of example.com/x is not the one that recorded it (fingerprint 1, now 2); run deadhunt confirm again"},
		{id + " replay 1/1: diverged from the witness (replay diverged at step 2: goroutine 2 not enabled), then did not deadlock (pass)\n" +
			id + ": deadlocked again in 0 of 1 replay(s) (example.com/x TestX)",
			0, "replay " + id + ": no deadlock this time (exit 0): diverged from the witness (replay diverged at step 2: goroutine 2 not enabled), then did not deadlock (pass)"},
		{"signal: killed", 2, "replay " + id + ": failed (exit 2)"},
	}
	for _, c := range cases {
		var asked []string
		opts := testOptions(t)
		opts.Replay = func(rep, fid string) *exec.Cmd {
			asked = append(asked, rep, fid)
			return helperCommand(t, c.out, c.code)
		}
		m := loaded(t, opts)
		f := &m.s.findings[0]
		if f.ID != id {
			t.Fatalf("first finding %s, want %s", f.ID, id)
		}
		msg := replayCmd(m.opts.Replay(m.opts.ReportPath, f.ID), f.ID)()
		m.Update(msg)
		if m.notice != c.want {
			t.Errorf("exit %d: notice %q, want %q", c.code, m.notice, c.want)
		}
		if strings.Join(asked, " ") != sampleReport+" "+id {
			t.Errorf("replayed %v, want the report under review", asked)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		".deadhunt/last.json": ".deadhunt/last.json",
		"my report.json":      "'my report.json'",
		"it's.json":           `'it'\''s.json'`,
		"":                    "''",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %q, want %q", in, got, want)
		}
	}
}
