// Package linkfail type-checks but does not link: its test binary fails to
// build after loading succeeded.
package linkfail

import _ "unsafe"

//go:linkname missing runtime.deadhuntDoesNotExist
func missing()

// Call calls a function no package defines.
func Call() { missing() }
