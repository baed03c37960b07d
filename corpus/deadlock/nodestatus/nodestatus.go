// Package nodestatus models a raft node's run loop, which serves status
// requests over an unbuffered channel until it is stopped; Status sends
// its request without watching whether the loop has ended.
package nodestatus

type Node struct {
	status chan chan int
	stop   chan struct{}
	done   chan struct{}
	term   int
}

func New() *Node {
	return &Node{status: make(chan chan int), stop: make(chan struct{}), done: make(chan struct{}), term: 7}
}

// Run serves status requests until Stop.
func (n *Node) Run() {
	for {
		select {
		case c := <-n.status:
			c <- n.term
		case <-n.stop:
			close(n.done)
			return
		}
	}
}

// Stop ends the run loop and waits for it.
func (n *Node) Stop() {
	n.stop <- struct{}{}
	<-n.done
}

// Status asks the loop for the term.
func (n *Node) Status() int {
	c := make(chan int, 1)
	n.status <- c // does not watch n.done
	return <-c
}
