// Package idlereplyok models a line protocol whose server answers in
// batches: it queues the requests it reads and writes the answers once
// its connection has been idle for a while (a read deadline). A client
// waiting for an answer waits on a channel its reader goroutine feeds,
// and the reader and the server wait on the connection meanwhile: every
// goroutine waits, and only the deadline, in real time, ends the waits.
package idlereplyok

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"time"
)

// Serve answers each line of conn with "re: <line>", after idle without
// a request.
func Serve(conn net.Conn, idle time.Duration) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	var queued []string
	for {
		conn.SetReadDeadline(time.Now().Add(idle))
		line, err := r.ReadString('\n')
		switch {
		case err == nil:
			queued = append(queued, line)
		case errors.Is(err, os.ErrDeadlineExceeded):
			for _, q := range queued {
				fmt.Fprintf(conn, "re: %s", q)
			}
			queued = nil
		default:
			return
		}
	}
}

// Client sends lines and delivers the answers its reader reads.
type Client struct {
	conn    net.Conn
	Answers chan string
}

func NewClient(conn net.Conn) *Client {
	c := &Client{conn: conn, Answers: make(chan string, 8)}
	go func() {
		sc := bufio.NewScanner(conn)
		for sc.Scan() {
			c.Answers <- sc.Text()
		}
		close(c.Answers)
	}()
	return c
}

func (c *Client) Send(line string) error {
	_, err := fmt.Fprintln(c.conn, line)
	return err
}
