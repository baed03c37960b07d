//go:build !((amd64 || arm64) && go1.21 && !deadhunt_nogetg)

package rt

// getg returns the goroutine's ID parsed from runtime.Stack: slow, but
// portable.
func getg() uintptr { return uintptr(stackGoid()) }

const fastGoid = false
