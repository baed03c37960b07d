// Package gen generates synthetic lock-order traces for benchmarks: many
// goroutines taking nested locks mostly in one global order, with a few
// lock pairs also taken in the reverse order (the cycles to find).
package gen

import (
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/deadhunt/deadhunt/predict/trace"
)

// Config shapes a generated trace.
type Config struct {
	Events     int    // approximate number of events
	Goroutines int    // goroutines besides the test's (default 64)
	Locks      int    // lock instances (default 1000)
	Classes    int    // lock classes the instances are spread over (default 50)
	Cycles     int    // lock pairs also taken in reverse order (default 3)
	Seed       uint64 // for the random choices
}

func (c Config) withDefaults() Config {
	c.Goroutines = cmp.Or(max(c.Goroutines, 0), 64)
	c.Locks = cmp.Or(max(c.Locks, 0), 1000)
	c.Classes = cmp.Or(max(c.Classes, 0), 50)
	if c.Cycles < 0 || c.Cycles*2 > c.Locks {
		c.Cycles = 0
	}
	return c
}

// Write writes a trace of one run shaped by c.
func Write(w io.Writer, c Config) error {
	c = c.withDefaults()
	g := &generator{c: c, w: trace.NewWriter(w), rng: rand.New(rand.NewPCG(c.Seed, 1))}
	g.header()
	for g.n < c.Events && g.err == nil {
		g.step()
	}
	for _, gs := range g.gs {
		for len(gs.plan) > 0 || len(gs.held) > 0 {
			g.advance(gs)
		}
	}
	if g.err != nil {
		return g.err
	}
	return g.w.Flush()
}

// class names lock l's class: the reserved pairs have classes of their
// own; the other locks' classes follow their order, so that taking locks
// in increasing order is consistent at the class level too.
func (g *generator) class(l int) string {
	reserved := 2 * g.c.Cycles
	if l < reserved {
		return fmt.Sprintf("(*gen.Pair%d).mu%d", l/2, l%2)
	}
	return fmt.Sprintf("(*gen.T%d).mu", (l-reserved)*g.c.Classes/(g.c.Locks-reserved))
}

type generator struct {
	c   Config
	w   *trace.Writer
	rng *rand.Rand
	n   int // events written
	err error
	gs  []*gor
}

// gor is a goroutine working through a plan: locks to take, in order,
// then release in reverse.
type gor struct {
	id   int
	plan []int
	held []int
}

func (g *generator) header() {
	g.emit(g.w.Run(1, "TestGenerated"))
	for s := 0; s < 100; s++ {
		g.emit(g.w.Site(s, fmt.Sprintf("gen.go:%d:2", 100+s), fmt.Sprintf("gen.f%d", s%10)))
		g.emit(g.w.Frame(s, fmt.Sprintf("gen.f%d", s%10), fmt.Sprintf("gen.go:%d", 100+s)))
		g.emit(g.w.Stack(s, s))
	}
	for l := 0; l < g.c.Locks; l++ {
		g.emit(g.w.Lock(l, g.class(l), fmt.Sprintf("0x%x", 0xc000000000+l*64)))
	}
	for i := 0; i < g.c.Goroutines; i++ {
		id := i + 2
		g.emit(g.w.Go(1, id, 99))
		g.gs = append(g.gs, &gor{id: id})
	}
}

func (g *generator) emit(err error) {
	if err != nil && g.err == nil {
		g.err = err
	}
	g.n++
}
