package gotest

import "testing"

func TestIsTestName(t *testing.T) {
	for name, want := range map[string]bool{
		"Test": true, "TestFoo": true, "Test_foo": true, "Test1": true, "TestÉ": true,
		"Testfoo": false, "Testé": false, "test": false, "Tes": false, "BenchmarkX": false, "": false,
	} {
		if got := IsTestName(name); got != want {
			t.Errorf("IsTestName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestBasePackage(t *testing.T) {
	for in, want := range map[string]string{"p": "p", "p [p.test]": "p", "p.test": "p", "a/b_test [a/b.test]": "a/b_test"} {
		if got := BasePackage(in); got != want {
			t.Errorf("BasePackage(%q) = %q, want %q", in, got, want)
		}
	}
}
