// Package corpus holds Go packages with known deadlocks (deadlock/) and
// deadlock-free look-alikes (clean/), each with a machine-readable
// expectation in expect.json. deadhunt's own tests and benchmarks run over it.
//
// Every corpus test passes quickly under plain go test and never hangs: a
// test whose goroutines can deadlock returns without waiting for them (it
// leaks them), as real-world bug reproductions do. deadhunt's controlled
// scheduler keeps such goroutines running after the test returns, which is
// how it makes the deadlock happen.
package corpus

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

//go:embed */*/expect.json
var expectations embed.FS

// Expect says what a tool must do on a case.
type Expect string

const (
	MustConfirm Expect = "confirm" // a real deadlock: must be confirmed
	MustSilent  Expect = "silent"  // deadlock-free: must never be confirmed or reported
)

// Case is one corpus package and its expectation.
type Case struct {
	Name string `json:"-"` // "deadlock/abba"
	Dir  string `json:"-"` // directory relative to the corpus root
	// Pkg is the import path.
	Pkg    string `json:"-"`
	Expect Expect `json:"expect"`
	// Kind is the deadlock's kind; for clean cases, the kind it looks like.
	Kind report.Kind `json:"kind"`
	// Locks are the lock classes involved, as lockcycle names them.
	Locks []string `json:"locks"`
	// Depth is the bug depth: the number of ordering constraints needed.
	Depth int `json:"depth,omitempty"`
	// Goroutines is how many goroutines take part in the deadlock.
	Goroutines int `json:"goroutines,omitempty"`
	// Test is the test function that exhibits the behaviour.
	Test string `json:"test"`
	// Static says whether a static lock analysis should see it; false for
	// clean cases whose safety is dynamic only (lockcycle may then warn).
	Static bool `json:"static"`
	// NeverCalled, for a leak, are the functions that would have released
	// the leaked goroutine and that the test never called: the confirmed
	// finding's summary names them ("never called: …").
	NeverCalled []string `json:"never_called,omitempty"`
	// Note says what the case is about and, if it is modelled on a
	// published bug report, the facts it follows.
	Note string `json:"note"`
}

// ModulePath is the import path prefix of corpus packages.
const ModulePath = "github.com/deadhunt/deadhunt/corpus"

// Load reads every case's expectation, sorted by name.
func Load() ([]Case, error) {
	var cases []Case
	err := fs.WalkDir(expectations, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Base(p) != "expect.json" {
			return err
		}
		data, err := expectations.ReadFile(p)
		if err != nil {
			return err
		}
		c, err := parse(path.Dir(p), data)
		if err != nil {
			return fmt.Errorf("corpus: %s: %w", p, err)
		}
		cases = append(cases, c)
		return nil
	})
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, err
}

func parse(dir string, data []byte) (Case, error) {
	var c Case
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, err
	}
	c.Name, c.Dir, c.Pkg = dir, dir, ModulePath+"/"+dir
	return c, c.CheckValid()
}

// CheckValid reports the first problem with the expectation.
func (c *Case) CheckValid() error {
	want := map[string]Expect{"deadlock": MustConfirm, "clean": MustSilent}[strings.SplitN(c.Dir, "/", 2)[0]]
	switch {
	case want == "":
		return fmt.Errorf("case %s is neither under deadlock/ nor clean/", c.Dir)
	case c.Expect != want:
		return fmt.Errorf("expect %q, but the case is under %s", c.Expect, c.Dir)
	case !c.Kind.Valid():
		return fmt.Errorf("unknown kind %q", c.Kind)
	case !strings.HasPrefix(c.Test, "Test"):
		return fmt.Errorf("test %q is not a TestXxx name", c.Test)
	case c.Note == "":
		return fmt.Errorf("no note")
	case c.Kind != report.Blocked && len(c.Locks) == 0:
		return fmt.Errorf("no locks named")
	case c.Expect == MustConfirm && c.Depth < 1:
		return fmt.Errorf("a deadlock case needs its bug depth (>= 1)")
	case c.Expect == MustConfirm && c.Goroutines < 1:
		return fmt.Errorf("a deadlock case needs its goroutine count (>= 1)")
	}
	if slices.Contains(c.Locks, "") {
		return fmt.Errorf("empty lock class")
	}
	return nil
}
