package rt

// addrHash is a Fibonacci hash of an address into bits bits (the caches
// in front of maps keyed by address), computed in 64 bits on every
// platform.
func addrHash(p uintptr, bits uint) uint64 {
	return (uint64(p) * 0x9e3779b97f4a7c15) >> (64 - bits)
}
