package oncelock

import "testing"

// TestConnAndSend opens the connection and sends concurrently. It returns
// without waiting; deadlocked goroutines leak.
func TestConnAndSend(t *testing.T) {
	c := &Client{addr: "db:5432"}
	go c.Conn()
	go c.Send()
}
