package rt

// SockDiag reports whether the kernel's socket diagnostics answer here
// (a sandbox may refuse netlink): without them Unix sockets never count
// as quiet.
func SockDiag() error {
	_, err := unixSockets()
	return err
}
