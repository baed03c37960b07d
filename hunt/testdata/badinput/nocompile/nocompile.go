// Package nocompile does not compile: deadhunt must name it and go on with
// the other packages.
package nocompile

func Broken() int {
	return undefinedName
}
