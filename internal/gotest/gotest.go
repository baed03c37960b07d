// Package gotest holds the rules of go test that more than one part of
// deadhunt follows.
package gotest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsTestName reports whether name is a test function's name as go test
// sees it: Test, then nothing or a rune that is not lowercase.
func IsTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}

// BasePackage is the import path of a package as go list and go/packages
// name its test variants: "p [p.test]" and "p.test" are p.
func BasePackage(p string) string {
	p, _, _ = strings.Cut(p, " [")
	return strings.TrimSuffix(p, ".test")
}
