package report

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// GitHubActions reports whether the process runs in a GitHub Actions job,
// where WriteGitHub's annotations show up on the pull request.
func GitHubActions() bool { return os.Getenv("GITHUB_ACTIONS") == "true" }

// GitHubLevel maps a status to a workflow command: error, warning or notice.
func GitHubLevel(s Status) string {
	switch s {
	case Confirmed:
		return "error"
	case Unconfirmed:
		return "notice"
	default:
		return "warning"
	}
}

// WriteGitHub writes one GitHub Actions annotation per finding that is not
// ignored:
//
//	::error file=a.go,line=16,col=2,title=deadhunt: confirmed lock-order-cycle::message
//
// The message's further lines name the cycle's other sites. File names should
// be relative to the repository root (see RelativeTo).
func (r *Report) WriteGitHub(w io.Writer) error {
	ew := &errWriter{w: w}
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Ignored != nil {
			continue
		}
		fmt.Fprintln(ew, githubAnnotation(f))
	}
	for _, e := range r.Errors {
		fmt.Fprintf(ew, "::error title=%s::%s\n", escapeProperty("deadhunt: "+e.Package), escapeData(e.Error()))
	}
	return ew.err
}

func githubAnnotation(f *Finding) string {
	primary, related := f.outputSites()
	var props []string
	if !primary.IsZero() {
		props = append(props, "file="+escapeProperty(primary.File), fmt.Sprintf("line=%d", max(primary.Line, 1)))
		if primary.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", primary.Col))
		}
	}
	props = append(props, "title="+escapeProperty(fmt.Sprintf("deadhunt: %s %s", f.Status, f.Kind)))
	lines := []string{resultMessage(f)}
	for _, rs := range related {
		lines = append(lines, fmt.Sprintf("%s: %s", rs.Site, rs.Note))
	}
	if w := f.Witness; w != nil && w.Replay != "" {
		lines = append(lines, "replay: "+w.Replay)
	}
	return fmt.Sprintf("::%s %s::%s", GitHubLevel(f.Status), strings.Join(props, ","), escapeData(strings.Join(lines, "\n")))
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
