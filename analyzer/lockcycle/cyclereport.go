package lockcycle

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deadhunt/deadhunt/report"
)

func (p *pkgState) reportCycle(combo []cedge) {
	start := 0
	for i, e := range combo {
		if e.local != nil {
			start = i
			break
		}
	}
	combo = append(combo[start:len(combo):len(combo)], combo[:start]...)
	first := combo[0]
	msg := fmt.Sprintf("lock order cycle: %s held while acquiring %s%s%s", first.Held, first.Acquired, sameText(first.edge)+releasedText(first.edge), viaText(first.Via, first.AcquiredAt, first.Dynamic))
	if len(combo) == 2 {
		r := combo[1]
		msg += "; reverse order" + sameText(r.edge) + releasedText(r.edge) + " at " + p.edgeAt(r)
	} else {
		var rest []string
		for _, e := range combo[1:] {
			rest = append(rest, fmt.Sprintf("%s held while acquiring %s%s at %s", e.Held, e.Acquired, sameText(e.edge)+releasedText(e.edge), p.edgeAt(e)))
		}
		msg += "; then " + strings.Join(rest, ", then ")
	}
	var locks []report.Lock
	var edges []report.Edge
	var related []analysis.RelatedInformation
	for i, e := range combo {
		locks = append(locks, report.Lock{Class: e.Held, Sites: sites(e.HeldAt, combo[(i+len(combo)-1)%len(combo)].AcquiredAt)})
		edges = append(edges, reportEdge(e.edge))
		if i > 0 && e.local != nil {
			related = append(related, analysis.RelatedInformation{Pos: e.local.pos,
				Message: fmt.Sprintf("%s held while acquiring %s", e.Held, e.Acquired)})
		}
	}
	pos := token.NoPos
	if first.local != nil {
		pos = first.local.pos
	} else if len(p.pass.Files) > 0 {
		pos = p.pass.Files[0].Package
	}
	p.report(pos, report.LockOrderCycle, msg, locks, edges, related)
}

// edgeAt says where an edge's acquisition happens: for an edge of this
// package made through calls, the call here and the lock in the callee.
func (p *pkgState) edgeAt(e cedge) string {
	if e.local != nil && len(e.Via) > 0 {
		s := fmt.Sprintf("%s via %s (lock at %s)", p.siteOf(e.local.pos), chain(e.Via), e.AcquiredAt)
		if e.Dynamic {
			s += " through a dynamic call"
		}
		return s
	}
	return e.AcquiredAt.String() + viaOnly(e.edge)
}

func sameText(e *edge) string {
	if e.SameObject {
		return " on the same object"
	}
	return ""
}

// releasedText names the callback that releases an edge's held lock
// while its acquired lock is held (see releaseEdge).
func releasedText(e *edge) string {
	if e.ReleasedBy == "" {
		return ""
	}
	return fmt.Sprintf(" (released by %s, called back at %s with it held)", e.ReleasedBy, e.ReleasedAt)
}

func viaOnly(e *edge) string {
	s := ""
	if len(e.Via) > 0 {
		s = " via " + chain(e.Via)
	}
	if e.Dynamic {
		s += " through a dynamic call"
	}
	return s
}
