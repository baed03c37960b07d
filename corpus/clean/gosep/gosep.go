// Package gosep models a loader that fills a config and a registry (config
// then registry) and only then starts the watcher goroutine, which reloads
// in the other order (registry then config).
package gosep

import "sync"

type State struct {
	cfgMu   sync.Mutex
	cfg     map[string]string
	regMu   sync.Mutex
	plugins []string
}

// Load fills the state, then starts the watcher and returns its result.
func Load(s *State) <-chan int {
	s.cfgMu.Lock()
	s.cfg = map[string]string{"plugins": "a,b"}
	s.regMu.Lock() // cfgMu -> regMu
	s.plugins = []string{"a", "b"}
	s.regMu.Unlock()
	s.cfgMu.Unlock()
	done := make(chan int, 1)
	go func() { done <- watch(s) }() // started after both unlocks
	return done
}

func watch(s *State) int {
	s.regMu.Lock()
	defer s.regMu.Unlock()
	s.cfgMu.Lock() // regMu -> cfgMu
	defer s.cfgMu.Unlock()
	s.cfg["loaded"] = "yes"
	return len(s.plugins)
}
