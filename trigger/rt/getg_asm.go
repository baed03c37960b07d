//go:build (amd64 || arm64) && go1.21 && !deadhunt_nogetg

package rt

// getg returns the address of the running goroutine's runtime g, a cheap
// identity for the goroutine while it lives (getg_$GOARCH.s).
func getg() uintptr

const fastGoid = true
