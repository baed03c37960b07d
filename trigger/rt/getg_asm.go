//go:build (amd64 || arm64) && go1.21 && !deadhunt_nogetg

package rt

import "unsafe"

// getg returns the address of the running goroutine's runtime g, a cheap
// identity for the goroutine while it lives (getg_$GOARCH.s).
func getg() uintptr

// getgp is getg as a pointer: where curGoid reads the goroutine's ID.
func getgp() unsafe.Pointer

const fastGoid = true
