package lockcycle

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/deadhunt/deadhunt/report"
)

// localEdge is an edge found in this package, with its positions here.
type localEdge struct {
	edge
	heldPos, pos token.Pos
	fn           *ssa.Function // where the edge was found
	released     []string      // locks the function had released (held on entry) by then
	after        []string      // channels and WaitGroups waited on before (see join.go)
}

func (p *pkgState) addEdge(e localEdge) {
	k := fmt.Sprint(e.Held, e.Acquired, e.HeldAt, e.AcquiredAt, e.pos)
	if !p.edgeSeen[k] {
		p.edgeSeen[k] = true
		p.edges = append(p.edges, e)
	}
}

// rwrCand is a read lock taken again on an instance already read locked.
type rwrCand struct {
	first, second *held
	dynamic       bool
}

// selfLock handles an acquisition of an instance already held.
func (p *pkgState) selfLock(o, h *held, dynamic bool) {
	if o.ignored || h.ignored {
		return
	}
	if o.mode == read && h.mode == read {
		p.rwr = append(p.rwr, rwrCand{first: o, second: h, dynamic: dynamic})
		return
	}
	msg := fmt.Sprintf("double lock: %s %s is %s again%s", o.Class, p.heldText(o), past(h.mode), viaText(h.via, h.site, dynamic))
	p.report(h.pos, report.DoubleLock, msg, []report.Lock{{Class: o.Class, Sites: sites(o.site, h.site)}}, nil, nil)
}

// heldText says where a held lock was taken: its site, or, when a helper
// took it, the call here and the helper chain.
func (p *pkgState) heldText(o *held) string {
	if len(o.via) > 0 && o.pos.IsValid() {
		return fmt.Sprintf("%s at %s via %s (lock at %s)", past(o.mode), p.siteOf(o.pos), chain(o.via), o.site)
	}
	return fmt.Sprintf("%s at %s", past(o.mode), o.site)
}

func (p *pkgState) reportRWR() {
	for _, c := range p.rwr {
		w, ok := p.writers[c.first.Class]
		if !ok {
			w, ok = p.depWriter(c.first.Class)
		}
		if !ok {
			continue
		}
		ss := sites(c.first.site, c.second.site)
		where := "in package " + w.File // depWriter: no site, the package
		if w.Line > 0 {
			where = "at " + w.String()
			ss = append(ss, reportSite(w))
		}
		msg := fmt.Sprintf("recursive read lock: %s %s is read-locked again%s; a writer (Lock %s) waiting in between deadlocks both",
			c.first.Class, p.heldText(c.first), viaText(c.second.via, c.second.site, c.dynamic), where)
		p.report(c.second.pos, report.RWR, msg, []report.Lock{{Class: c.first.Class, Sites: ss}}, nil, nil)
	}
}

func (p *pkgState) depWriter(class string) (site, bool) {
	for _, pf := range p.pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*pkgFact); ok {
			for _, c := range f.Writers {
				if c == class {
					return site{File: pf.Package.Path()}, true
				}
			}
		}
	}
	return site{}, false
}

func (p *pkgState) missingUnlock(h *held, ret token.Pos) {
	where := "the return at " + p.siteOf(ret).String()
	if !ret.IsValid() {
		where = "the end of the function"
	}
	msg := fmt.Sprintf("missing unlock: %s %s here is still held at %s, but released on other paths",
		h.Class, past(h.mode), where)
	var related []analysis.RelatedInformation
	if ret.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: ret, Message: "return with " + h.Class + " held"})
	}
	p.report(h.pos, report.MissingUnlock, msg, []report.Lock{{Class: h.Class, Sites: sites(h.site)}}, nil, related)
}

// inTest reports whether pos is in a _test.go file and those are not
// reported.
func (p *pkgState) inTest(pos token.Pos) bool {
	return !includeTests && p.inTestFile(pos)
}

// inTestFile reports whether pos is in a _test.go file.
func (p *pkgState) inTestFile(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	f := p.pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

func (p *pkgState) siteOf(pos token.Pos) site {
	q := p.pass.Fset.Position(pos)
	return site{File: q.Filename, Line: q.Line, Col: q.Column}
}

// report emits a diagnostic and records it as a finding; one per position
// and kind.
func (p *pkgState) report(pos token.Pos, kind report.Kind, msg string, locks []report.Lock, edges []report.Edge, related []analysis.RelatedInformation) {
	p.reportAs(pos, kind, string(kind), msg, locks, edges, related)
}

// reportAs is report with a diagnostic category other than the kind.
func (p *pkgState) reportAs(pos token.Pos, kind report.Kind, category, msg string, locks []report.Lock, edges []report.Edge, related []analysis.RelatedInformation) {
	k := fmt.Sprint(pos, category)
	if p.reported[k] || p.inTest(pos) {
		return
	}
	p.reported[k] = true
	p.pass.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: msg, Related: related})
	var classes []string
	for _, l := range locks {
		classes = append(classes, l.Class)
	}
	pkg := p.pass.Pkg.Path()
	idClasses := classes
	if category != string(kind) { // a same-class nesting differs from a cycle of its class
		idClasses = append(idClasses, category)
	}
	p.findings = append(p.findings, report.Finding{
		ID: report.ComputeID(kind, pkg, idClasses), Kind: kind, Status: report.PredictedStatic,
		Package: pkg, Message: msg, Evidence: []report.Evidence{report.Static}, Locks: locks, Edges: edges,
	})
}

func past(m mode) string {
	if m == read {
		return "read-locked"
	}
	return "locked"
}

func viaText(via []string, at site, dynamic bool) string {
	s := ""
	if len(via) > 0 {
		s = " via " + chain(via) + " (at " + at.String() + ")"
	}
	if dynamic {
		s += " through a dynamic call"
	}
	return s
}

func sites(ss ...site) []report.Site {
	var out []report.Site
	for _, s := range ss {
		out = append(out, reportSite(s))
	}
	return out
}

func reportSite(s site) report.Site {
	return report.Site{File: s.File, Line: s.Line, Col: s.Col, Func: s.Func}
}

func reportEdge(e *edge) report.Edge {
	return report.Edge{Held: e.Held, Acquired: e.Acquired, HeldAt: reportSite(e.HeldAt),
		AcquiredAt: reportSite(e.AcquiredAt), Via: e.Via, Dynamic: e.Dynamic}
}

// mergeFindings joins findings with the same ID (the same bug seen at
// several places) into one.
func mergeFindings(fs []report.Finding) []report.Finding {
	return report.JoinByID(fs, func(g, f report.Finding) report.Finding {
		for j := range g.Locks {
			if j < len(f.Locks) {
				g.Locks[j].Sites = append(g.Locks[j].Sites, f.Locks[j].Sites...)
			}
		}
		g.Edges = append(g.Edges, f.Edges...)
		return g
	})
}
