package driver

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

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

// TestLostUnlockWarning: the runtime's lost-unlock warning, named in
// CONTRACT.md, reaches the test's warnings once per text, at most
// maxLostUnlocks of them.
func TestLostUnlockWarning(t *testing.T) {
	data, err := os.ReadFile("../CONTRACT.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "`"+LostUnlockPrefix) {
		t.Errorf("CONTRACT.md does not name the warning %q", LostUnlockPrefix)
	}
	var s TestStats
	w := func(n int) string {
		return fmt.Sprintf("%sgoroutine %d, left blocked at a.go:9:2 when the test ended, waits for a lock taken by goroutine 2 at a.go:3:2 in p.handler, which has returned without releasing it", LostUnlockPrefix, n)
	}
	for _, ws := range [][]string{{w(3), "other"}, {w(3)}, {w(4), w(5)}, {w(6)}} {
		s.count(&run{Outcome: Pass, Result: &wire.Result{Warnings: ws}})
	}
	if want := []string{w(3), w(4), w(5)}; !slices.Equal(s.Warnings, want) {
		t.Errorf("warnings %q, want %q", s.Warnings, want)
	}
}
