package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Fatal(args ...any)         { r.failures = append(r.failures, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(f string, a ...any) { r.failures = append(r.failures, fmt.Sprintf(f, a...)) }
func (r *recorder) Errorf(f string, a ...any) { r.failures = append(r.failures, fmt.Sprintf(f, a...)) }

// check runs Check on a golden file holding want and returns its failures.
func check(t *testing.T, want, got string) []string {
	setUpdate(t, false)
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	Check(r, path, []byte(got))
	return r.failures
}

// setUpdate sets -update for the rest of the test, whatever the test
// binary was run with.
func setUpdate(t *testing.T, on bool) {
	old := flag.Lookup(updateFlag).Value.String()
	if err := flag.Set(updateFlag, fmt.Sprint(on)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { flag.Set(updateFlag, old) })
}

func TestCheck(t *testing.T) {
	const want = "a\nb\nc\nd\n"
	for _, tc := range []struct {
		name, got string
		fail      []string // substrings of the one failure; none: pass
	}{
		{"equal", want, nil},
		{"changed line", "a\nb\nC\nd\n", []string{"at line 3:", `"a"`, `"b"`, ` got "C"`, `want "c"`}},
		{"shorter", "a\nb\n", []string{"at line 3 (output has 2 lines, golden text 4)", "got (end of output)", `want "c"`}},
		{"no final newline", "a\nb\nc\nd", []string{"at the end of line 4:", `"d"`, "got (end, without a final newline)", "want (end, after a final newline)"}},
		{"longer", want + "e\n", []string{"at line 5 (output has 5 lines, golden text 4)", `got "e"`, "want (end of golden text)"}},
		{"carriage return", "a\r\nb\nc\nd\n", []string{"at line 1", `got "a\r"`, `want "a"`}},
		{"empty", "", []string{"at line 1 (output has 0 lines, golden text 4)", "got (end of output)", `want "a"`}},
		{"blank line", "a\nb\n\nc\nd\n", []string{"at line 3", `got ""`, `want "c"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fails := check(t, want, tc.got)
			switch {
			case tc.fail == nil && len(fails) > 0:
				t.Errorf("failed: %q", fails)
			case tc.fail != nil && len(fails) != 1:
				t.Errorf("failures %q, want one", fails)
			case tc.fail != nil:
				for _, s := range tc.fail {
					if !strings.Contains(fails[0], s) {
						t.Errorf("failure lacks %q:\n%s", s, fails[0])
					}
				}
			}
		})
	}
}

func TestCheckMissingFile(t *testing.T) {
	setUpdate(t, false)
	r := &recorder{TB: t}
	Check(r, filepath.Join(t.TempDir(), "none.golden"), []byte("x"))
	if len(r.failures) != 1 || !strings.Contains(r.failures[0], "-update") {
		t.Errorf("failures %q", r.failures)
	}
}

func TestCheckUpdate(t *testing.T) {
	setUpdate(t, true)
	path := filepath.Join(t.TempDir(), "testdata", "x.golden")
	r := &recorder{TB: t}
	Check(r, path, []byte("new\n"))
	if data, err := os.ReadFile(path); err != nil || string(data) != "new\n" || len(r.failures) > 0 {
		t.Errorf("file %q (%v), failures %q", data, err, r.failures)
	}
}

const archive = `comment
-- input --
in
-- expect --
out
`

func checkTxtar(t *testing.T, got map[string][]byte) (string, []string) {
	path := filepath.Join(t.TempDir(), "x.txtar")
	if err := os.WriteFile(path, []byte(archive), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	CheckTxtar(r, path, []string{"input"}, got)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), r.failures
}

func TestCheckTxtar(t *testing.T) {
	setUpdate(t, false)
	if _, fails := checkTxtar(t, map[string][]byte{"expect": []byte("out\n")}); len(fails) > 0 {
		t.Errorf("equal section: %q", fails)
	}
	_, fails := checkTxtar(t, map[string][]byte{"expect": []byte("OUT\n"), "sites": []byte("s\n")})
	if len(fails) != 2 || !strings.Contains(fails[0], `section expect differs`) || !strings.Contains(fails[0], `got "OUT"`) ||
		!strings.Contains(fails[1], "no section sites") {
		t.Errorf("failures %q", fails)
	}
	if _, fails := checkTxtar(t, map[string][]byte{"expect": []byte("out")}); len(fails) != 1 {
		t.Errorf("section without its final newline: failures %q", fails)
	}
	if _, fails := checkTxtar(t, map[string][]byte{"result": []byte("out\n")}); len(fails) != 2 || !strings.Contains(fails[0], "stale section expect") {
		t.Errorf("stale section: failures %q", fails)
	}
}

func TestCheckTxtarUpdate(t *testing.T) {
	setUpdate(t, true)
	data, fails := checkTxtar(t, map[string][]byte{"expect": []byte("new\n"), "b": []byte("2\n"), "a": []byte("1\n")})
	if want := "comment\n-- input --\nin\n-- expect --\nnew\n-- a --\n1\n-- b --\n2\n"; data != want || len(fails) > 0 {
		t.Errorf("archive %q, want %q; failures %q", data, want, fails)
	}
	data, fails = checkTxtar(t, map[string][]byte{"result": []byte("r\n")})
	if want := "comment\n-- input --\nin\n-- result --\nr\n"; data != want || len(fails) > 0 {
		t.Errorf("stale section not dropped: archive %q, want %q; failures %q", data, want, fails)
	}
}
