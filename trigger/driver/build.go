package driver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/instrument"
)

// BuildOptions say which packages to build with trigger/instrument.
type BuildOptions struct {
	Dir      string   // directory patterns are resolved in
	Patterns []string // package patterns, e.g. ./...
	Run      string   // list only tests matching this -run regexp
	CacheDir string   // "" is instrument's default
	GoFlags  []string
	Stderr   io.Writer // build progress; nil discards
}

// Built is the outcome of a build: the binaries to hunt in, and what
// could not be built. Close removes the binaries.
type Built struct {
	Packages []Package
	Paths    []string              // every package examined, dependencies excluded
	Errors   []report.PackageError // packages that did not build
	Warnings []string              // constructs left uninstrumented, "pkg: file:line:col: msg"
	// BlindSpots are the code of the examined packages that runs outside
	// control: cgo files, synctest bubbles, operations left uninstrumented.
	BlindSpots []report.BlindSpot
	workDir    string
}

// Close removes the build's work directory.
func (b *Built) Close() error { return os.RemoveAll(b.workDir) }

// Build instruments and compiles the test binaries of the packages matching
// opts.Patterns. Packages without tests are examined but not returned.
func Build(ctx context.Context, opts BuildOptions) (*Built, error) {
	work, err := os.MkdirTemp("", "deadhunt-build-")
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	pkgs, err := instrument.Build(ctx, instrument.Options{Dir: opts.Dir, Patterns: opts.Patterns, Run: opts.Run,
		CacheDir: opts.CacheDir, WorkDir: work, GoFlags: opts.GoFlags, Stderr: opts.Stderr})
	if err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	b := &Built{workDir: work}
	for i := range pkgs {
		b.add(&pkgs[i])
	}
	return b, nil
}

func (b *Built) add(p *instrument.Package) {
	for _, w := range p.Warnings { // a dependency's blind spots are the tests' too
		if s, ok := blindSpot(p.ImportPath, w); ok {
			b.BlindSpots = append(b.BlindSpots, s)
		}
	}
	if p.Dependency {
		return
	}
	b.Paths = append(b.Paths, p.ImportPath)
	for _, w := range p.Warnings {
		b.Warnings = append(b.Warnings, p.ImportPath+": "+w.String())
	}
	switch {
	case p.Err != nil:
		b.Errors = append(b.Errors, report.PackageError{Package: p.ImportPath, Err: buildError(p.ImportPath, p.Err)})
	case p.Binary != "" && len(p.Tests) > 0:
		b.Packages = append(b.Packages, Package{ImportPath: p.ImportPath, Dir: p.Dir, Binary: p.Binary, Tests: p.Tests,
			Fingerprint: Fingerprint(p.Binary)})
	}
}

// blindSpot is the blind spot an instrumenter's warning names, if any: a
// cgo file, a synctest bubble, an operation left uninstrumented.
func blindSpot(pkg string, w instrument.Warning) (report.BlindSpot, bool) {
	switch {
	case strings.HasPrefix(w.Msg, instrument.OthersUninstrumented):
		what, _, _ := strings.Cut(w.Msg, ": the build failed")
		return report.BlindSpot{Package: pkg, What: what}, true
	case w.Pos == "":
		return report.BlindSpot{}, false
	case w.Msg == "cgo file not instrumented":
		return report.BlindSpot{Package: pkg, Pos: strings.TrimSuffix(w.Pos, ":1:1"), What: "cgo file"}, true
	case strings.HasPrefix(w.Msg, report.Bubble):
		return report.BlindSpot{Package: pkg, Pos: w.Pos, What: report.Bubble}, true
	case strings.Contains(w.Msg, "not instrumented"):
		what, _, _ := strings.Cut(w.Msg, ":")
		return report.BlindSpot{Package: pkg, Pos: w.Pos, What: what}, true
	}
	return report.BlindSpot{}, false
}

// goPos matches a message that starts at a Go source position.
var goPos = regexp.MustCompile(`^[^\s:]+\.go:\d+(:\d+)?: `)

// buildError says once, in its own words, why a package was not built:
// "no such directory: /abs/dir", "does not compile:\n\tx.go:3:1: ...",
// without the layers' repetitions of the package path.
func buildError(path string, err error) string {
	msg := strings.TrimPrefix(err.Error(), "instrument: ")
	msg = strings.TrimPrefix(msg, path+": ")
	instrumented := strings.HasPrefix(msg, "build failed: ")
	msg = strings.TrimPrefix(msg, "build failed: ")
	if strings.HasPrefix(msg, "# ") { // the go command's header line
		if _, rest, ok := strings.Cut(msg, "\n"); ok {
			msg = rest
		}
	}
	switch {
	case strings.HasPrefix(msg, "stat ") && strings.HasSuffix(msg, ": directory not found"):
		return "no such directory: " + strings.TrimSuffix(strings.TrimPrefix(msg, "stat "), ": directory not found")
	case goPos.MatchString(msg):
		return "does not compile:\n\t" + strings.ReplaceAll(strings.TrimSpace(msg), "\n", "\n\t")
	case instrumented:
		return "instrumented build failed:\n\t" + strings.ReplaceAll(strings.TrimSpace(msg), "\n", "\n\t")
	}
	return msg
}

// Fingerprint is the first 16 hex digits of the SHA-256 of a file ("" if
// it cannot be read): the go command builds a test binary reproducibly, so
// the same code, flags, toolchain and runtime give the same fingerprint.
func Fingerprint(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
