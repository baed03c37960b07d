// Package instrument builds instrumented test binaries: it rewrites the
// packages under test into an overlay (never touching the user's files),
// puts the deadhunt runtime next to them through a temporary go.mod, and
// compiles one test binary per package with go test -c.
//
// # Build
//
// Build loads the packages matching the patterns with their tests
// (golang.org/x/tools/go/packages), and also the packages they import
// from the same module or from modules replaced by a local directory, so
// that locks taken in a helper package are seen, and those they import
// from other modules that synchronize (extdeps.go: such a module is
// copied out of the module cache, whose files the go command will not
// overlay, and replaced by its copy in the temporary go.mod).
// Each package is rewritten by internal/rewrite; rewritten files and one
// generated zz_deadhunt_sites.go per package (its test files' sites apart
// in zz_deadhunt_tsites_test.go, so that the package compiles the same
// whether its tests are built or not; zz_deadhunt_xsites_test.go for an
// external test package) go to WorkDir/overlay. The runtime's
// source, embedded by package trigger, is extracted once per content hash
// to CacheDir/rt-<hash> with a go.mod declaring module deadhunt.dev/rt. A
// temporary go.mod per user module (theirs plus a require and a replace of
// deadhunt.dev/rt, and a copy of go.sum) is passed with -modfile, and
// go test -c -overlay builds WorkDir/bin/<path>.test. A package that fails
// to load or build has its Err set; the others are still built.
//
// Builds run with GOWORK=off: the packages load in the workspace, and the
// temporary go.mod of a module in one requires and replaces the
// workspace's other modules by their directories (workspace.go; the
// warning names the go.work). A
// module built from vendor/ (-mod=vendor, or go 1.14 or later with a vendor
// directory) is refused: GOFLAGS=-mod=mod builds it. A module whose go
// directive is below 1.21 (or missing) keeps it, since raising it changes
// the module graph's rules; each rewritten file, and each file of the
// runtime (whose go.mod says the user's version), gets a //go:build
// go1.21 line instead (with a warning): the generated helpers need
// generics and channel-direction inference. Not 1.22, which would change
// the meaning of loop variables captured by closures or goroutines in
// code written for an older version.
//
// # What is rewritten
//
// Calls of sync.Mutex and sync.RWMutex methods (also promoted through
// embedded fields, and deferred), of sync.Locker interface methods, of
// sync.WaitGroup, sync.Cond and sync.Once methods, time.Sleep and
// runtime.Gosched; go statements (function value and arguments evaluated
// in the parent); channel sends, receives (also comma-ok), close, range
// over channels and select statements; t.Run and t.Parallel on
// *testing.T; and every top-level TestXxx(*testing.T) starts with
// defer __dhrt.TestStart(t)(). These methods and functions used as values
// too: f := mu.Lock becomes f := __dhrt.LockValue(&mu, site), the
// receiver evaluated there, and (*sync.Mutex).Lock, time.Sleep or
// rand.Intn used as values become the runtime's value forms (CONTRACT.md
// section 3, "Values"). Positions stay the user's: text is spliced
// at node offsets and /*line*/ directives restore the line wherever the
// splice moved original text.
//
// # What is not
//
// These are left as they are, with a warning: the method expression of a
// promoted method ((*T).Lock, T embedding sync.Mutex), rand.N,
// maphash.MakeSeed and crypto/rand used as values; channel operations
// on a type parameter whose type set has no single channel element type
// the file can name (those that have one get an explicit instantiation,
// __dhrt.Send[T]); a send whose value needs a conversion to an element
// type the file cannot name, in a simple-statement position (a for loop's
// post statement); a comma-ok receive whose ok is not of type bool; cgo
// files; a testing/synctest bubble is rewritten but reported, since its
// goroutines run outside control. Not seen at all: operations in the
// standard library, in packages of other modules that import neither sync
// nor use channels or go statements, reflection (reflect.Select, calling
// Lock through reflect), sync.Map, sync/atomic, and goroutines started by
// code that is not instrumented (time.AfterFunc, net/http servers).
package instrument
