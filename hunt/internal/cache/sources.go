package cache

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/internal/gotest"
)

// Sources are what go list says of the packages to hunt, before anything
// is built: which match the patterns, and for each with test files a
// source key, a hash of everything its instrumented test binary is built
// from (every non-standard package it links: the files of those in the
// user's modules, the module version of the others; the toolchain and
// the build's environment; deadhunt's own executable, which holds the
// instrumenter and the runtime). The cache keys a package's results by
// it, so an unchanged package is neither built nor hunted again, and a
// change to a package changes the keys of every package whose tests
// import it, and only those.
type Sources struct {
	Paths  []string            // packages matching the patterns, dependencies excluded
	Keys   map[string]string   // package with test files → source key
	Static map[string]string   // package → static key (staticKey), with or without test files
	Dirs   map[string]string   // package → its directory
	Deps   map[string][]string // package with test files → the non-standard packages its tests link
	Tests  map[string][]string // package → its tests matching -run, from their syntax (testNames)
}

// Key is the source key of the package at path; "" if there is none.
func (s *Sources) Key(path string) string {
	if s == nil {
		return ""
	}
	return s.Keys[path]
}

// listed is one package of go list -json.
type listed struct {
	ImportPath, Dir, ForTest                    string
	DepOnly, Standard                           bool
	GoFiles, CgoFiles, CFiles, CXXFiles, HFiles []string
	SFiles, SysoFiles, EmbedFiles               []string
	TestGoFiles, XTestGoFiles                   []string
	Deps                                        []string
	Module                                      *listedModule
	Error                                       *struct{ Err string }
}

type listedModule struct {
	Path, Version string
	GoVersion     string // the go line of its go.mod: the language version its files are compiled and type-checked at
	Main          bool
	Replace       *listedModule
}

// listFields are the fields of listed, for go list -json=.
const listFields = "ImportPath,Dir,ForTest,DepOnly,Standard,GoFiles,CgoFiles,CFiles,CXXFiles,HFiles,SFiles,SysoFiles,EmbedFiles,TestGoFiles,XTestGoFiles,Deps,Module,Error"

// List runs go list over patterns in dir; run selects the tests listed by
// name (nil: all). The keys do not depend on run: a package's test binary
// is the same whatever tests a hunt selects (the index says under which
// -run it listed them).
func List(ctx context.Context, dir string, patterns []string, run *regexp.Regexp) (*Sources, error) {
	env, err := goOutput(ctx, dir, "env", "GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOEXPERIMENT", "GOAMD64", "GOARM64")
	if err != nil {
		return nil, err
	}
	out, err := goOutput(ctx, dir, append([]string{"list", "-e", "-deps", "-test", "-json=" + listFields}, patterns...)...)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*listed{}
	var order []*listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("hunt: go list: %w", err)
		}
		byPath[p.ImportPath] = &p
		order = append(order, &p)
	}
	s := &Sources{Keys: map[string]string{}, Static: map[string]string{}, Dirs: map[string]string{}, Deps: map[string][]string{}, Tests: map[string][]string{}}
	tool := selfVersion() + "\x00" + string(env)
	base := tool + "\x00"
	for _, p := range order {
		if p.DepOnly || p.ForTest != "" || strings.Contains(p.ImportPath, " [") {
			continue
		}
		if pkg, ok := strings.CutSuffix(p.ImportPath, ".test"); ok && byPath[pkg] != nil {
			continue // a test main
		}
		s.Paths = append(s.Paths, p.ImportPath)
		s.Dirs[p.ImportPath] = p.Dir
		s.Tests[p.ImportPath] = testNames(p.Dir, slices.Concat(p.TestGoFiles, p.XTestGoFiles), run)
		if key, ok := staticKey(byPath, p, tool); ok {
			s.Static[p.ImportPath] = key
		}
		if len(p.TestGoFiles)+len(p.XTestGoFiles) == 0 || p.Error != nil {
			continue
		}
		if key, ok := sourceKey(byPath, p.ImportPath+".test", base); ok {
			s.Keys[p.ImportPath] = key
			for _, d := range byPath[p.ImportPath+".test"].Deps {
				if q := byPath[d]; q != nil && !q.Standard {
					s.Deps[p.ImportPath] = append(s.Deps[p.ImportPath], gotest.BasePackage(d))
				}
			}
		}
	}
	return s, nil
}

// goOutput runs the go command in dir and returns its standard output.
func goOutput(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("hunt: go %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
