package hunt

import (
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// TestNotTried: a prediction no directed run was aimed at says why, from
// its test's account.
func TestNotTried(t *testing.T) {
	sum := &driver.Summary{Tests: []driver.TestStats{
		{Package: "p", Test: "TestConfirmed", Findings: []string{"DH-1"}},
		{Package: "p", Test: "TestFails", Failure: &driver.Failure{Outcome: driver.Fail}},
	}}
	for test, want := range map[string]string{
		"TestConfirmed": "TestConfirmed confirmed another deadlock first (-keep-going tries every aim)",
		"TestFails":     "TestFails fails on its own",
		"TestGone":      "failed on their own or were not hunted",
	} {
		if got := notTried(sum, &report.Finding{Package: "p", Test: test}, Hints{KeepGoing: "-keep-going"}); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want it to say %q", test, got, want)
		}
	}
	if got := notTried(sum, &report.Finding{Package: "p", Test: "TestConfirmed"}, Hints{}); strings.Contains(got, "(") {
		t.Errorf("without hints: %q, want no hint", got)
	}
}
