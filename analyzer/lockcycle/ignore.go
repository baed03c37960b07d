package lockcycle

import (
	"fmt"
	"go/token"
	"strings"
)

const ignoreDirective = "//lockcycle:ignore"

// scanIgnores collects the //lockcycle:ignore comments of the package by
// line, reporting those without a reason.
func (p *pkgState) scanIgnores() map[string]string {
	out := make(map[string]string)
	for _, f := range p.pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, ignoreDirective)
				if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
					continue
				}
				reason, _, _ := strings.Cut(rest, "//") // a trailing comment is no reason
				reason = strings.TrimSpace(reason)
				if reason == "" {
					p.pass.ReportRangef(c, "lockcycle:ignore needs a reason")
					reason = "(no reason)"
				}
				out[lineKey(p.pass.Fset.Position(c.Slash))] = reason
			}
		}
	}
	return out
}

func lineKey(p token.Position) string { return fmt.Sprintf("%s:%d", p.Filename, p.Line) }

// ignored reports whether an acquisition at pos is suppressed.
func (p *pkgState) ignored(pos token.Pos) bool {
	if !pos.IsValid() || len(p.ignores) == 0 {
		return false
	}
	_, ok := p.ignores[lineKey(p.pass.Fset.Position(pos))]
	return ok
}
