package driver

import (
	"fmt"
	"os"
	"sync"
)

// Runs of one package go on at once (its tests, their seeds, recording
// beside hunting), and a test may write and delete files beside itself
// (tidwall/buntdb's tests all use ./data.db): in the package directory
// they would see each other's files and fail where go test, one test
// at a time, passes (issue #32). So each run's working directory is a
// private copy of the package directory (a mirror, mirror.go), kept in a
// pool per package: a run takes a mirror no other run holds, and gives it
// back for the next run only if the run left it as it was made; a mirror
// a run changed is removed, and the next run gets a fresh one.

// dirPool is a runner's mirrors of package directories.
type dirPool struct {
	root string // where the mirrors are made

	mu     sync.Mutex
	free   map[string][]*mirror // by package directory, not held by a run
	closed bool
}

// take returns a mirror of the package directory dir that no other run
// holds, making one if none is free.
func (p *dirPool) take(dir string) (*mirror, error) {
	p.mu.Lock()
	if free := p.free[dir]; len(free) > 0 {
		m := free[len(free)-1]
		p.free[dir] = free[:len(free)-1]
		p.mu.Unlock()
		return m, nil
	}
	p.mu.Unlock()
	if err := os.MkdirAll(p.root, 0o755); err != nil {
		return nil, fmt.Errorf("driver: working directory: %w", err)
	}
	return makeMirror(p.root, dir)
}

// put gives back a mirror a run held: kept for the next run if the run
// left it as it was made, removed otherwise.
func (p *dirPool) put(m *mirror) {
	if m.root == "" {
		return
	}
	if !m.unchanged() {
		m.remove()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		m.remove()
		return
	}
	if p.free == nil {
		p.free = map[string][]*mirror{}
	}
	p.free[m.src] = append(p.free[m.src], m)
}

// close removes the free mirrors; a mirror given back later is removed
// then.
func (p *dirPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for _, ms := range p.free {
		for _, m := range ms {
			m.remove()
		}
	}
	p.free = nil
}

// runDir returns the run's working directory, a mirror of pkg's
// directory, for r.dirs.put once the run ended.
func (r *runner) runDir(pkg *Package) (*mirror, error) {
	if pkg.Dir == "" {
		return &mirror{}, nil // no directory: the driver's own
	}
	return r.dirs.take(pkg.Dir)
}
