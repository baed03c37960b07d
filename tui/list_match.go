package tui

import (
	"fmt"
	"path"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

func matchesStatus(f *report.Finding, want string) bool {
	switch want {
	case "":
		return true
	case "ignored":
		return f.Ignored != nil
	}
	return f.Ignored == nil && string(f.Status) == want
}

func matchesText(f *report.Finding, text string) bool {
	if text == "" {
		return true
	}
	hay := strings.ToLower(strings.Join(append([]string{f.ID, string(f.Kind), string(f.Status),
		f.Package, f.Test, f.Message}, f.Classes()...), "\x00"))
	return strings.Contains(hay, text)
}

// lockList names the locks of a finding: "a.mu → b.mu", or "a.mu ×2" for
// instances of one class.
func lockList(f *report.Finding) string {
	cs := f.Classes()
	same := len(cs) > 1
	for _, c := range cs {
		same = same && c == cs[0]
	}
	if same {
		return fmt.Sprintf("%s ×%d", cs[0], len(cs))
	}
	return strings.Join(cs, " → ")
}

// pkgTest is the last element of the package and the test: "abba TestTransfer".
func pkgTest(f *report.Finding) string {
	s := path.Base(f.Package)
	if f.Test != "" {
		s += " " + f.Test
	}
	return s
}

// hitRate is "9/40 22%" for a witness, "0/200" for an unsuccessful search.
func hitRate(f *report.Finding) string {
	switch {
	case f.Witness != nil:
		return fmt.Sprintf("%d/%d %.0f%%", f.Witness.Hits, f.Witness.Runs, 100*f.Witness.HitRate())
	case f.Search != nil:
		return fmt.Sprintf("0/%d", f.Search.Runs)
	}
	return "-"
}
