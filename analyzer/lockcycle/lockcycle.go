package lockcycle

import (
	_ "embed"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/deadhunt/deadhunt/report"
)

//go:embed doc.go
var doc string

// Analyzer predicts deadlocks from source: lock-order cycles, double
// locking, recursive read locks and missing unlocks.
var Analyzer = &analysis.Analyzer{
	Name:       "lockcycle",
	Doc:        docText(doc),
	URL:        "https://pkg.go.dev/github.com/deadhunt/deadhunt/analyzer/lockcycle",
	Run:        run,
	FactTypes:  []analysis.Fact{new(funcFact), new(pkgFact)},
	ResultType: reflect.TypeFor[*Result](),
}

// includeTests is the -tests flag: report what is found in _test.go files
// too. Off by default: tests take locks in odd orders on purpose (to check
// that an operation blocks) and run no concurrent writers.
var includeTests bool

func init() {
	Analyzer.Flags.BoolVar(&includeTests, "tests", false, "also report findings located in _test.go files")
}

// Result is the analyzer's result for one package: every report it made,
// as findings in the deadhunt report format.
type Result struct {
	Findings []report.Finding
}

// Limits that keep the analysis fast on very large functions and graphs.
const (
	maxBlocks   = 5000 // functions with more blocks are not analysed
	maxAcquires = 64   // acquisitions kept in one summary
	maxImpls    = 6    // a call through a function value with more candidate callees is not followed
	// An interface call is followed only when at most this many
	// implementations touch locks: with more, the call usually reaches
	// one of the others (io.Closer, Releaser), a common false positive.
	maxIfaceImpls = 3
	maxCycles     = 500 // cycles examined per package
	maxCycleLen   = 4
	maxEdgesPair  = 8 // edges examined per pair of classes
)

// pkgState is the analysis of one package.
type pkgState struct {
	pass       *analysis.Pass
	srcFuncs   []*ssa.Function
	summaries  map[*ssa.Function]*funcFact
	inProgress map[*ssa.Function]bool
	edges      []localEdge
	edgeSeen   map[string]bool
	writers    map[string]site
	rwr        []rwrCand
	ignores    map[string]string // "file:line" -> reason
	findings   []report.Finding
	reported   map[string]bool
	methodIdx  map[string][]method
	valueIdx   []*ssa.Function
	valueDone  bool
	fieldIdx   map[string][]*ssa.Function // functions stored into each field
	// lockerFields: what each sync.Locker field stands for (see lockerfield.go)
	lockerFields map[string]*lockerField
	rings        map[string][]ringStep // accumulating loop acquisitions by class (see ring.go)
	calls        map[*ssa.Function][]callSite
	dynCalled    map[*ssa.Function]bool
	entry        map[*ssa.Function][]guard
	taken        map[*ssa.Function]bool // used as values
	ssaProg      *ssa.Program
	cbEdges      []localEdge  // "held -> callback:F.M" edges (see fieldcb.go)
	stores       []fieldStore // listeners stored into fields here
	storeSeen    map[string]bool
	nestings     map[string][]nesting       // same-class steps by class (see nesting.go)
	signals      map[string][]*ssa.Function // see join.go
	dynCallers   map[*ssa.Function][]*ssa.Function
	deps         map[string]map[string]bool // transitive imports of dependencies, by path
}

func run(pass *analysis.Pass) (any, error) {
	if inGOROOT(pass) {
		return &Result{}, nil
	}
	prog, funcs := buildSSA(pass)
	p := &pkgState{
		pass:       pass,
		ssaProg:    prog,
		srcFuncs:   funcs,
		storeSeen:  make(map[string]bool),
		nestings:   make(map[string][]nesting),
		dynCallers: make(map[*ssa.Function][]*ssa.Function),
		deps:       make(map[string]map[string]bool),
		summaries:  make(map[*ssa.Function]*funcFact),
		inProgress: make(map[*ssa.Function]bool),
		edgeSeen:   make(map[string]bool),
		writers:    make(map[string]site),
		reported:   make(map[string]bool),
		calls:      make(map[*ssa.Function][]callSite),
		dynCalled:  make(map[*ssa.Function]bool),
		entry:      make(map[*ssa.Function][]guard),
	}
	p.ignores = p.scanIgnores()
	for _, fn := range p.srcFuncs {
		p.summarize(fn)
	}
	p.composeCallbacks()
	p.addEntryGuards()
	p.reportRWR()
	p.reportCycles()
	p.reportNestings()
	p.reportRings()
	p.reportMissingDone()
	p.exportFacts()
	return &Result{Findings: mergeFindings(p.findings)}, nil
}

// exportFacts publishes the summaries of this package's named functions
// and its lock-order edges.
func (p *pkgState) exportFacts() {
	for _, fn := range p.srcFuncs {
		obj := fn.Object()
		f := p.summaries[fn]
		// Only exported functions and methods can be called from other
		// packages; the checker drops facts about the others anyway.
		if obj == nil || f == nil || f.empty() || obj.Pkg() != p.pass.Pkg || !obj.Exported() || p.inTestFile(obj.Pos()) {
			continue
		}
		p.pass.ExportObjectFact(obj, f)
	}
	pf := &pkgFact{}
	for _, e := range p.edges {
		pf.Edges = append(pf.Edges, e.edge)
	}
	for c := range p.writers {
		pf.Writers = append(pf.Writers, c)
	}
	slices.Sort(pf.Writers)
	for _, e := range p.cbEdges {
		if !p.inTestFile(e.pos) {
			pf.CallsBack = append(pf.CallsBack, e.edge)
		}
	}
	pf.Stores = p.stores
	if len(pf.Edges) > 0 || len(pf.Writers) > 0 || len(pf.CallsBack) > 0 || len(pf.Stores) > 0 {
		p.pass.ExportPackageFact(pf)
	}
}

// docText returns the "# Analyzer lockcycle" section of doc.go's package
// comment.
func docText(src string) string {
	var out []string
	in := false
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			continue
		}
		l := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if strings.HasPrefix(l, "# Analyzer lockcycle") {
			in = true
			continue
		}
		if in {
			out = append(out, l)
		}
	}
	text := strings.TrimSpace(strings.Join(out, "\n"))
	return strings.TrimPrefix(text, "lockcycle: ")
}
