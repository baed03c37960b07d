package abba

import "testing"

// TestTransfer runs two opposite transfers concurrently. It does not wait
// for them: if they deadlock, the goroutines leak and the test still passes
// under plain go test.
func TestTransfer(t *testing.T) {
	a, b := &Account{balance: 100}, &Account{balance: 100}
	go Transfer(a, b, 10)
	go Transfer(b, a, 20)
}
