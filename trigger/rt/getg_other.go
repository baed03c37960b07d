//go:build !((amd64 || arm64) && go1.21 && !deadhunt_nogetg)

package rt

import "unsafe"

// getg returns the goroutine's ID parsed from runtime.Stack: slow, but
// portable.
func getg() uintptr { return uintptr(stackGoid()) }

func getgp() unsafe.Pointer { return nil }

const fastGoid = false
