package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/deadhunt/deadhunt/hunt"
	"github.com/deadhunt/deadhunt/internal/cachedir"
	"github.com/deadhunt/deadhunt/report"
)

// scale sets what confirm's -shard, -balance and -count ask of cfg: the
// share of the tests, the costs it is balanced by, and the hunt cache
// (refusing a size cap in the environment that does not read).
func (f *flags) scale(cfg *hunt.Config, e *env) error {
	if f.shard != "" {
		s, err := hunt.ParseShard(f.shard)
		if err != nil {
			return fmt.Errorf("-shard: %v", err)
		}
		cfg.Shard = s
	}
	if f.balance != "" {
		if cfg.Shard.Count == 0 {
			return fmt.Errorf("-balance %s: without -shard there is nothing to balance", f.balance)
		}
		rep, err := report.ReadFile(resolve(e.dir, f.balance))
		if err != nil {
			return fmt.Errorf("-balance: %v", err)
		}
		cfg.Balance = hunt.Costs(rep)
	}
	switch f.count {
	case 0:
	case 1:
		cfg.Fresh = true
	default:
		return fmt.Errorf("-count %d: only -count=1 (hunt again, bypassing the cache) is supported", f.count)
	}
	if _, err := cachedir.LimitsFromEnv(); err != nil {
		return err // the cap is read when the cache is trimmed: say now that it is wrong
	}
	cfg.Cache = hunt.DefaultCacheDir()
	return nil
}

// eventWriter writes each event as one line of JSON to w (confirm
// --json); hunt serializes the calls, the lock guards against a writer
// that is not safe for a second one.
func eventWriter(w io.Writer) func(hunt.Event) {
	var mu sync.Mutex
	enc := json.NewEncoder(w)
	return func(ev hunt.Event) {
		mu.Lock()
		defer mu.Unlock()
		enc.Encode(ev) // a closed pipe (| head) must not stop the hunt
	}
}
