package globals

import "testing"

// TestReloadWhileLogging reloads the config while another goroutine logs.
// It does not wait: if the two deadlock, they leak.
func TestReloadWhileLogging(t *testing.T) {
	go Reload(2)
	go Logf(3, "request served")
}
