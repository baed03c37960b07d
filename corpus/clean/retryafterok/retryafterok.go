// Package retryafterok models a worker that drops the first request it
// receives (warming up) and answers the others: a client resends a request
// whose answer does not come within a timeout.
package retryafterok

type Worker struct {
	reqs    chan int
	answers chan int
}

func Start() *Worker {
	w := &Worker{reqs: make(chan int), answers: make(chan int, 1)}
	go w.serve()
	return w
}

func (w *Worker) serve() {
	ready := false
	for r := range w.reqs {
		if !ready {
			ready = true // dropped: warming up
			continue
		}
		select {
		case w.answers <- r + 1:
		default: // an answer is pending already: the client has it to take
		}
	}
}

// Stop ends the worker.
func (w *Worker) Stop() { close(w.reqs) }
