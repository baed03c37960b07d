package cache

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// testNames finds the tests go test runs, from syntax: TestXxx with one
// *testing.T parameter (under the file's name for package testing), not
// Testxxx, not methods, benchmarks or helpers.
func TestTestNames(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\nfunc Test(t *testing.T) {}\nfunc Testlower(t *testing.T) {}\nfunc TestTwo(a, b *testing.T) {}\nfunc BenchmarkA(b *testing.B) {}\nfunc helper(t *testing.T) {}\nfunc (x) TestM(t *testing.T) {}\nfunc TestGeneric[T any](t *testing.T) {}\n",
		"b_test.go": "package a_test\n\nimport tt \"testing\"\n\nfunc TestB(t *tt.T) {}\nfunc Test_c(t *tt.T) {}\n",
		"c_test.go": "package a\n\nfunc TestNoImport(t *T) {}\n",
		"d_test.go": "package a\n\nsyntax error\n",
	}
	var names []string
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if got, want := testNames(dir, names, nil), []string{"Test", "TestA", "TestB", "Test_c"}; !slices.Equal(got, want) {
		t.Errorf("tests %v, want %v", got, want)
	}
	if got := testNames(dir, names, regexp.MustCompile("B")); !slices.Equal(got, []string{"TestB"}) {
		t.Errorf("-run B: %v, want TestB", got)
	}
}
