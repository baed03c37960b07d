package golden

import (
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

// CheckTxtar compares each entry of got with the section of the same name
// in the txtar archive at path. The sections named in inputs are the
// test's input and are not compared. A section got names and the archive
// lacks is an error, and so is a stale one: neither an input nor in got.
// With -update it rewrites the sections got names in place, appends those
// the archive lacks in name order, and drops the stale ones.
func CheckTxtar(t testing.TB, path string, inputs []string, got map[string][]byte) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
		return
	}
	kept := ar.Files[:0]
	for _, f := range ar.Files {
		_, compared := got[f.Name]
		switch {
		case compared || slices.Contains(inputs, f.Name):
			kept = append(kept, f)
		case !Update():
			t.Errorf("%s: stale section %s, neither an input nor an output (rerun with -update to drop it)", path, f.Name)
		}
	}
	ar.Files = kept
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f := Section(ar, name)
		switch {
		case Update() && f == nil:
			ar.Files = append(ar.Files, txtar.File{Name: name, Data: got[name]})
		case Update():
			f.Data = got[name]
		case f == nil:
			t.Errorf("%s: no section %s (rerun with -update to add it)", path, name)
		default:
			if d := diff(got[name], f.Data); d != "" {
				t.Errorf("%s: section %s differs (rerun with -update if intended)%s", path, name, d)
			}
		}
	}
	if Update() {
		write(t, path, txtar.Format(ar))
	}
}

// Section is the archive's first section of that name, or nil.
func Section(ar *txtar.Archive, name string) *txtar.File {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			return &ar.Files[i]
		}
	}
	return nil
}
