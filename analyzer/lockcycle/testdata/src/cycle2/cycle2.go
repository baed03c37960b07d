package cycle2 // want package:"lockcycle\\(edges \\(\\*cycle2.Store\\).mu -> \\(\\*cycle2.Replica\\).raftMu, \\(\\*cycle2.Replica\\).raftMu -> \\(\\*cycle2.Store\\).mu\\)"

import "sync"

type Store struct {
	mu       sync.Mutex
	replicas []*Replica
}

type Replica struct {
	raftMu sync.Mutex
	store  *Store
}

func (s *Store) forEach() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.replicas {
		r.raftMu.Lock()
		r.raftMu.Unlock()
	}
}

func (r *Replica) tick() {
	r.raftMu.Lock()
	defer r.raftMu.Unlock()
	r.lockStore() // want `lock order cycle: \(\*cycle2.Replica\).raftMu held while acquiring \(\*cycle2.Store\).mu via \(\*cycle2.Replica\).lockStore \(at cycle2.go:31:\d+\); reverse order at cycle2.go:19:\d+`
}

func (r *Replica) lockStore() {
	r.store.mu.Lock()
	r.store.mu.Unlock()
}
