package hunt

import (
	"fmt"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// stopsLine counts the tests per stop reason: "why the hunts stopped: 60
// no interleaving, 3 exhausted, 1 confirmed, 2 settled (a next run new
// with p≈0.01 at most, by Good–Turing), 9 budget spent (miss bound at
// most 0.43; 2 with no guarantee)"; empty when no test has a stop reason.
func stopsLine(sum *driver.Summary) string {
	counts := map[driver.Stop]int{}
	worst, unseen, unexplored, unbound, kinds := 0.0, 0.0, 0, 0, 0
	one := map[driver.Stop]int{} // tests with one goroutine: their draws only
	for _, st := range sum.Tests {
		counts[st.Stop]++
		if st.Unexplored != "" && (st.Stop == driver.StopNoInterleaving || st.Stop == driver.StopExhausted) {
			unexplored++ // their lines name it (TestStats.StopText); others claim no coverage
		}
		if st.OneGoroutine {
			one[st.Stop]++
		}
		switch {
		case st.Stop == driver.StopSettled:
			unseen = max(unseen, st.Unseen)
			if st.UnseenKinds > 0 && !st.OneGoroutine {
				kinds++
			}
		case st.Stop == driver.StopBudget && report.NoGuarantee(st.MissBound):
			unbound++
		case st.Stop == driver.StopBudget:
			worst = max(worst, st.MissBound)
		}
	}
	var parts []string
	for _, s := range driver.Stops {
		n := counts[s]
		if n == 0 {
			continue
		}
		part := fmt.Sprintf("%d %s", n, s)
		switch {
		case s == driver.StopSettled:
			part += fmt.Sprintf(" (a next run new with p≈%.2g at most, by Good–Turing", unseen)
			if kinds > 0 { // which of them settled how
				part += fmt.Sprintf("; %d of them with no guarantee, over kinds of orderings", kinds)
			}
			if one[s] > 0 {
				part += fmt.Sprintf("; %d of them with one goroutine, over kinds of draws", one[s])
			}
			part += ")"
		case s == driver.StopBudget && one[s] > 0:
			part += fmt.Sprintf(" (miss bound at most %.3g; %d with no guarantee, %d of them with one goroutine: its draws)", worst, unbound, one[s])
		case s == driver.StopBudget && unbound == n:
			part += " (no guarantee)"
		case s == driver.StopBudget && unbound > 0:
			part += fmt.Sprintf(" (miss bound at most %.3g; %d with no guarantee)", worst, unbound)
		case s == driver.StopBudget:
			part += fmt.Sprintf(" (miss bound at most %.3g)", worst)
		case s == driver.StopTime:
			part += " (-for)"
		}
		parts = append(parts, part)
	}
	if n := counts[""]; n > 0 && len(parts) > 0 {
		parts = append(parts, fmt.Sprintf("%d not hunted to the end (failed on its own or stopped)", n))
	}
	if len(parts) == 0 {
		return ""
	}
	if unexplored > 0 {
		parts = append(parts, fmt.Sprintf("%d with a draw their runs could not cover (named on the test's line)", unexplored))
	}
	return "why the hunts stopped: " + strings.Join(parts, ", ")
}
