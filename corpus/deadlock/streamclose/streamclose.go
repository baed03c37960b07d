// Package streamclose models a client transport that multiplexes streams
// over one TCP connection: a reader goroutine reads lines ("<stream>
// <message>") off the connection and queues each on its stream, and a
// stream's Recv waits on that queue or for the stream's end. CloseStream
// forgets the stream but does not end it, so a Recv already waiting on it
// waits for good while the reader and the server wait on the connection.
package streamclose

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"sync"
)

var ErrClosed = errors.New("stream closed")

type Client struct {
	conn    net.Conn
	mu      sync.Mutex
	streams map[int]*Stream
}

type Stream struct {
	id   int
	msgs chan string
	done chan struct{}
}

// Dial connects to a line server and starts the reader.
func Dial(addr string) (*Client, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	c := &Client{conn: conn, streams: map[int]*Stream{}}
	go c.readLoop()
	return c, nil
}

// NewStream opens stream id and sends msg on it.
func (c *Client) NewStream(id int, msg string) (*Stream, error) {
	s := &Stream{id: id, msgs: make(chan string, 4), done: make(chan struct{})}
	c.mu.Lock()
	c.streams[id] = s
	c.mu.Unlock()
	_, err := fmt.Fprintf(c.conn, "%d %s\n", id, msg)
	return s, err
}

func (c *Client) readLoop() {
	sc := bufio.NewScanner(c.conn)
	for sc.Scan() {
		var id int
		var msg string
		fmt.Sscan(sc.Text(), &id, &msg)
		c.mu.Lock()
		if s := c.streams[id]; s != nil {
			s.msgs <- msg
		}
		c.mu.Unlock()
	}
	c.mu.Lock()
	for _, s := range c.streams {
		close(s.done)
	}
	clear(c.streams)
	c.mu.Unlock()
}

// Recv returns the stream's next message.
func (s *Stream) Recv() (string, error) {
	select {
	case m := <-s.msgs:
		return m, nil
	case <-s.done:
		return "", ErrClosed
	}
}

// CloseStream forgets s. The bug: it does not close s.done.
func (c *Client) CloseStream(s *Stream) {
	c.mu.Lock()
	delete(c.streams, s.id)
	c.mu.Unlock()
}

func (c *Client) Close() error { return c.conn.Close() }
