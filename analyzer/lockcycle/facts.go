package lockcycle

import (
	"fmt"
	"path/filepath"
	"strings"
)

// mode is how a lock is taken.
type mode uint8

const (
	write mode = iota + 1 // Lock
	read                  // RLock
)

func (m mode) String() string {
	if m == read {
		return "RLock"
	}
	return "Lock"
}

// site is a source position that survives fact encoding.
type site struct {
	File      string
	Line, Col int
	Func      string
}

func (s site) String() string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(s.File), s.Line, s.Col)
}

// ref names a lock relative to one function: its class, and, when the
// mutex is reached from a parameter (or free variable), which one and by
// what field path, so that a caller can map it onto its own arguments.
type ref struct {
	Class string
	// Param is the index into the function's parameters followed by its
	// free variables, or -1.
	Param int
	// Path is the field path from the parameter, e.g. ".inner.mu".
	Path string
	// ClassFromArg marks a raw *sync.Mutex parameter: its class is the
	// caller's argument's class.
	ClassFromArg bool
	// GlobalKey is the instance key of a lock rooted at a package
	// variable (one instance program-wide), or "".
	GlobalKey string
}

// guard is a lock held while an edge's acquisition happens.
type guard struct {
	Class string
	Mode  mode
}

// acq is one acquisition a function may make, for its callers.
type acq struct {
	Ref     ref
	Mode    mode
	Site    site
	Via     []string // calls from the summarised function down to the acquisition
	Dynamic bool
	Ignored bool
	Inner   []guard // locks the function itself holds at that moment
	// HeldParams are the locks among Inner that its callers name: mutexes
	// (or Lockers) passed in as parameters, mapped onto the arguments.
	HeldParams []acq
	// Released lists locks held by the caller that the function had
	// already released (an unlock helper) before this acquisition.
	Released []ref
}

// funcFact summarises a function's lock behaviour for its callers.
type funcFact struct {
	Acquires  []acq      // blocking acquisitions, in order
	Holds     []acq      // locks still held when the function returns
	Releases  []ref      // locks released that the function did not acquire
	Callbacks []callback // interface calls made with locks held
	Stores    []paramStore
}

// callback is an interface method call a function makes while holding
// locks. A caller in a package that implements the interface resolves it:
// a library holding its lock while calling the user's listener.
type callback struct {
	Iface  string // the interface type, "path.Name"
	Method string
	Recv   ref   // the interface value, relative to the function
	Held   []acq // the locks held at the call
	Site   site
	Via    []string
}

func (*funcFact) AFact() {}

func (f *funcFact) empty() bool {
	return len(f.Acquires) == 0 && len(f.Holds) == 0 && len(f.Releases) == 0 && len(f.Callbacks) == 0 && len(f.Stores) == 0
}

// lockFree reports whether f takes, holds or releases no lock (it may
// still call back through fields or register listeners): such a callee of
// a dynamic call is not counted among its candidates.
func (f *funcFact) lockFree() bool {
	for _, a := range f.Acquires {
		if !isCallback(a.Ref.Class) {
			return false
		}
	}
	return len(f.Holds) == 0 && len(f.Releases) == 0 && len(f.Callbacks) == 0
}

func (f *funcFact) String() string {
	var parts []string
	add := func(verb string, refs []string) {
		if len(refs) > 0 {
			parts = append(parts, verb+" "+strings.Join(refs, ", "))
		}
	}
	var a, h, r []string
	var fc []string
	for _, x := range f.Acquires {
		if isCallback(x.Ref.Class) {
			fc = append(fc, strings.TrimPrefix(x.Ref.Class[strings.LastIndex(x.Ref.Class, "/")+1:], cbPrefix))
			continue
		}
		a = append(a, x.Ref.Class)
	}
	var st []string
	for _, x := range f.Stores {
		st = append(st, x.Field[strings.LastIndex(x.Field, "/")+1:])
	}
	for _, x := range f.Holds {
		h = append(h, x.Ref.Class)
	}
	for _, x := range f.Releases {
		r = append(r, x.Class)
	}
	var cb []string
	for _, x := range f.Callbacks {
		cb = append(cb, x.Iface[strings.LastIndex(x.Iface, "/")+1:]+"."+x.Method)
	}
	add("acquires", a)
	add("holds", h)
	add("releases", r)
	add("calls back", cb)
	add("calls fields", fc)
	add("stores into", st)
	return "lockcycle(" + strings.Join(parts, "; ") + ")"
}

// edge is "Held is held while Acquired is acquired", class level.
type edge struct {
	Held, Acquired     string
	HeldMode, AcqMode  mode
	HeldAt, AcquiredAt site
	Via                []string // calls from the holder to the acquisition
	Dynamic            bool
	Guards             []guard // other locks held at the time
	Ignored            bool
	Pkg                string // import path of the package that found it
	// SameObject: both locks are fields of one object (the same receiver),
	// provably, as in t.a.Lock(); t.b.Lock().
	SameObject bool
	// ReleasedBy: Held is released by this callback, run at ReleasedAt
	// while Acquired is held (see releaseEdge).
	ReleasedBy string
	ReleasedAt site
}

// pkgFact carries a package's lock-order edges and write-locked classes to
// the packages that import it.
type pkgFact struct {
	Edges     []edge
	Writers   []string     // classes taken with Lock somewhere
	CallsBack []edge       // locks held while calling back through a field (Acquired is the callback)
	Stores    []fieldStore // listeners stored into fields
}

func (*pkgFact) AFact() {}

func (f *pkgFact) String() string {
	var es, parts []string
	for _, e := range f.Edges {
		es = append(es, e.Held+" -> "+e.Acquired)
	}
	if len(es) > 0 {
		parts = append(parts, "edges "+strings.Join(es, ", "))
	}
	if len(f.Writers) > 0 {
		parts = append(parts, "writers "+strings.Join(f.Writers, ", "))
	}
	var cb, st []string
	for _, e := range f.CallsBack {
		cb = append(cb, e.Held+" -> "+strings.TrimPrefix(e.Acquired[strings.LastIndex(e.Acquired, "/")+1:], cbPrefix))
	}
	for _, s := range f.Stores {
		st = append(st, s.Field[strings.LastIndex(s.Field, "/")+1:]+" = "+s.Impl)
	}
	if len(cb) > 0 {
		parts = append(parts, "calls back "+strings.Join(cb, ", "))
	}
	if len(st) > 0 {
		parts = append(parts, "stores "+strings.Join(st, ", "))
	}
	return "lockcycle(" + strings.Join(parts, "; ") + ")"
}
