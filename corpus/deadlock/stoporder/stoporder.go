// Package stoporder models stopping a pipeline whose stages are kept in a
// sync.Map: Shutdown ranges over it, closing each stage's stop channel and
// waiting until the stage is done. A stage hands the item it still holds
// downstream before it ends; if Range reaches the downstream stage first,
// the upstream stage's handoff has no receiver left, and Shutdown waits
// for it for good.
package stoporder

import "sync"

type Stage struct {
	in   chan int // unbuffered
	stop chan struct{}
	done chan struct{}
	next *Stage // nil for the last stage
}

type Pipeline struct {
	stages sync.Map // name -> *Stage
	head   *Stage
}

// New returns a running two-stage pipeline: parse feeds store.
func New() *Pipeline {
	p := &Pipeline{}
	var next *Stage
	for _, name := range []string{"store", "parse"} {
		s := &Stage{in: make(chan int), stop: make(chan struct{}), done: make(chan struct{}), next: next}
		p.stages.Store(name, s)
		go s.run()
		next = s
	}
	p.head = next
	return p
}

func (s *Stage) run() {
	defer close(s.done)
	var held []int
	for {
		select {
		case v := <-s.in:
			held = append(held, v)
		case <-s.stop:
			for _, v := range held {
				if s.next != nil {
					s.next.in <- v // the next stage may be stopped already
				}
			}
			return
		}
	}
}

// Send feeds v to the pipeline's first stage.
func (p *Pipeline) Send(v int) { p.head.in <- v }

// Shutdown stops every stage, in Range order, waiting for each.
func (p *Pipeline) Shutdown() {
	p.stages.Range(func(_, v any) bool {
		s := v.(*Stage)
		close(s.stop)
		<-s.done
		return true
	})
}
