package driver

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/report"
)

// TestStrategiesMatchContract: the strategies the driver can send in a
// run's configuration (report.Strategies) are exactly those
// trigger/CONTRACT.md section 4 says the runtime accepts. The runtime
// (trigger/rt, standard library only) parses the names itself; the
// contract is what both sides follow.
func TestStrategiesMatchContract(t *testing.T) {
	data, err := os.ReadFile("../CONTRACT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "## 4. Run configuration")
	section, _, _ = strings.Cut(section, "\n## ")
	line := regexp.MustCompile(`"strategy": (.*)`).FindStringSubmatch(section)
	if line == nil {
		t.Fatal(`CONTRACT.md section 4 has no "strategy" line`)
	}
	var contract []report.Strategy
	for _, m := range regexp.MustCompile(`"([a-z]+)"`).FindAllStringSubmatch(strings.TrimSuffix(line[1], ","), -1) {
		contract = append(contract, report.Strategy(m[1]))
	}
	if !slices.Equal(contract, report.Strategies) {
		t.Errorf("CONTRACT.md section 4 lists strategies %q, report.Strategies %q", contract, report.Strategies)
	}
}

// TestBubbleWarningMatchesContract: the runtime's warning for a synctest
// bubble entered, which the driver reads, is the one CONTRACT.md names.
func TestBubbleWarningMatchesContract(t *testing.T) {
	data, err := os.ReadFile("../CONTRACT.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `warns "`+BubblePrefix+`<s>"`) {
		t.Errorf("CONTRACT.md does not name the warning %q", BubblePrefix)
	}
}
