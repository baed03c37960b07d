// Package suppress reads and writes deadhunt's suppression file: the
// findings a person has marked ignored, keyed by finding ID, each with the
// reason given.
//
// The file is .deadhunt/ignore.json in the module root. It is meant to be
// committed, so that deadhunt confirm, predict and review all honour the
// same decisions (lockcycle has its own: //lockcycle:ignore comments). The package depends only on the standard library so that every
// layer can use it.
package suppress

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deadhunt/deadhunt/report"
)

// Version is the version of the file format written by this package.
const Version = 1

// Dir and Name locate the suppression file relative to the module root.
const (
	Dir  = ".deadhunt"
	Name = "ignore.json"
)

// Entry is one ignored finding.
type Entry struct {
	ID     string    `json:"id"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at,omitzero"`
}

// Set is the suppression file of one module. Its methods are not safe for
// concurrent use.
type Set struct {
	path    string
	entries map[string]Entry
	// Now stamps new entries; nil means time.Now. Tests set it for
	// deterministic output.
	Now func() time.Time
}

type file struct {
	Version int     `json:"version"`
	Ignored []Entry `json:"ignored"`
}

// Path returns the suppression file's path for a module root.
func Path(moduleRoot string) string { return filepath.Join(moduleRoot, Dir, Name) }

// Load reads the suppression file of the module rooted at moduleRoot. A
// missing file is an empty set, not an error.
func Load(moduleRoot string) (*Set, error) {
	s := &Set{path: Path(moduleRoot), entries: make(map[string]Entry)}
	data, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("suppress: %w", err)
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("suppress: %s: %w", s.path, err)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("suppress: %s: version %d is not supported (want %d)", s.path, f.Version, Version)
	}
	for i, e := range f.Ignored {
		if e.ID == "" {
			return nil, fmt.Errorf("suppress: %s: entry %d has no id", s.path, i)
		}
		s.entries[e.ID] = e
	}
	return s, nil
}

// Contains reports whether the finding with this ID is ignored.
func (s *Set) Contains(id string) bool {
	_, ok := s.entries[id]
	return ok
}

// Lookup returns the entry for id, if any.
func (s *Set) Lookup(id string) (Entry, bool) {
	e, ok := s.entries[id]
	return e, ok
}

// Apply marks the findings the set lists ignored, with the entry's reason
// and time; a finding already marked keeps its mark.
func (s *Set) Apply(fs []report.Finding) {
	for i := range fs {
		if e, ok := s.Lookup(fs[i].ID); ok && fs[i].Ignored == nil {
			fs[i].Ignored = &report.Ignore{Reason: e.Reason, At: e.At}
		}
	}
}

// Entries returns every entry, sorted by ID.
func (s *Set) Entries() []Entry {
	es := make([]Entry, 0, len(s.entries))
	for _, e := range s.entries {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
	return es
}

// Len is the number of ignored findings.
func (s *Set) Len() int { return len(s.entries) }

// Add marks the finding id ignored for reason and writes the file. Adding an
// ID again replaces its reason.
func (s *Set) Add(id, reason string) error {
	if id == "" {
		return errors.New("suppress: empty finding id")
	}
	if reason == "" {
		return fmt.Errorf("suppress: %s: a reason is required", id)
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	old, had := s.entries[id]
	s.entries[id] = Entry{ID: id, Reason: reason, At: now().UTC()}
	if err := s.save(); err != nil {
		if had {
			s.entries[id] = old
		} else {
			delete(s.entries, id)
		}
		return err
	}
	return nil
}

// Remove un-ignores the finding id and writes the file. Removing an ID that
// is not present does nothing.
func (s *Set) Remove(id string) error {
	old, had := s.entries[id]
	if !had {
		return nil
	}
	delete(s.entries, id)
	if err := s.save(); err != nil {
		s.entries[id] = old
		return err
	}
	return nil
}

// save writes the file atomically: a temporary file, then a rename.
func (s *Set) save() error {
	data, err := json.MarshalIndent(file{Version: Version, Ignored: s.Entries()}, "", "  ")
	if err != nil {
		return fmt.Errorf("suppress: %w", err)
	}
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("suppress: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".ignore-*.json")
	if err != nil {
		return fmt.Errorf("suppress: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("suppress: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("suppress: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		return fmt.Errorf("suppress: %w", err)
	}
	return nil
}
