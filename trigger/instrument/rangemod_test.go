package instrument

import "testing"

// TestRangeOnlyDependency builds issue #15's reduction of bbolt: a
// dependency without tests whose only instrumented statement ranges over a
// <-chan error returned by a method promoted from an embedded type of
// another package. Its rewritten file used to import the runtime without
// using it, so the tests of the package importing it did not build.
func TestRangeOnlyDependency(t *testing.T) {
	dir := copyTree(t, "testdata/rangemod")
	pkgs := byPath(buildWith(t, Options{Dir: dir, Patterns: []string{"./..."}}, passthrough))
	user := pkgs["example.com/rangemod/user"]
	if user == nil || user.Err != nil || user.Binary == "" {
		t.Fatalf("user: %+v", user)
	}
	if out, err := runBinary(user.Binary, nil, "-test.count=1"); err != nil {
		t.Fatalf("instrumented tests fail: %v\n%s", err, out)
	}
}
