package hunt

import (
	"fmt"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// The summary gives each of a few confirmed findings its replay command;
// for more, one command that replays them all (a corpus hunt listed 84
// commands), counting the repeated findings in it.
func TestReplayLines(t *testing.T) {
	findings := func(n int) []report.Finding {
		var fs []report.Finding
		for i := range n {
			id := fmt.Sprintf("DH-%d", i)
			fs = append(fs, report.Finding{ID: id, Witness: &report.Witness{Replay: driver.ReplayCommand(".deadhunt/last.json", id)}})
		}
		return fs
	}
	three := replayLines(findings(3), nil, "")
	if want := []string{"deadhunt replay .deadhunt/last.json --finding DH-0", "deadhunt replay .deadhunt/last.json --finding DH-1", "deadhunt replay .deadhunt/last.json --finding DH-2"}; !slices.Equal(three, want) {
		t.Errorf("3 findings: %q, want one command each", three)
	}
	two := replayLines(findings(3), map[string]bool{"DH-1": true}, " (-v lists them)")
	if want := []string{"deadhunt replay .deadhunt/last.json --finding DH-0", "deadhunt replay .deadhunt/last.json --finding DH-2", "and 1 more of the same shapes (-v lists them)"}; !slices.Equal(two, want) {
		t.Errorf("3 findings, one repeated: %q", two)
	}
	many := replayLines(findings(6), map[string]bool{"DH-0": true}, "")
	if want := []string{"deadhunt replay .deadhunt/last.json   (all 6; one: --finding ID, as under each finding)"}; !slices.Equal(many, want) {
		t.Errorf("6 findings: %q, want the one command that replays all", many)
	}
}
