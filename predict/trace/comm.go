package trace

// The bits of a comm event's mode: what the operation is. A select of
// one case is a send or a receive; a select of several sets CommSelect
// and the directions of its cases.
const (
	CommSend       = 1 << iota // a channel send (or a select with a send case)
	CommRecv                   // a channel receive (or a select with a receive case)
	CommSelect                 // a select of more than one case
	CommDefault                // a select with a default case: it never blocks
	CommClose                  // close of a channel
	CommWGWait                 // sync.WaitGroup Wait
	CommCondWait               // sync.Cond Wait, after it released c.L
	CommSignal                 // sync.Cond Signal or Broadcast
	CommUnbuffered             // every channel of the operation is unbuffered
	CommFire                   // a timer fired (goroutine 0, the timer's creation site)
	CommTimerStop              // a timer's Stop or Reset
	CommWGAdd                  // sync.WaitGroup Add with a positive delta
	CommWGDone                 // sync.WaitGroup Add with a negative delta (Done)
)

// Blocks reports whether an operation of mode m can block: a channel
// operation without default, a WaitGroup or Cond Wait.
func Blocks(m int) bool {
	return m&CommDefault == 0 && m&(CommSend|CommRecv|CommWGWait|CommCondWait) != 0
}
