package hunt

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// traceDir is where the recording's traces go: with keepTraces,
// .deadhunt/traces in the module root (a shard's own directory there, so
// that shards running at once on one machine do not remove each other's
// traces); else a new directory of this hunt's in deadhunt's cache, which
// dropTraces removes.
func (p *pipeline) traceDir() (string, error) {
	switch {
	case p.keepTraces && p.cfg.Shard.whole():
		return traceDir(p.root), nil
	case p.keepTraces:
		return filepath.Join(traceDir(p.root), p.cfg.Shard.fileName()), nil
	case p.scratch == "":
		dir, err := cachedir.Scratch("traces-")
		if err != nil {
			return "", fmt.Errorf("hunt: a directory for the traces: %w", err)
		}
		p.scratch = dir
	}
	return p.scratch, nil
}

// dropTraces removes the hunt's own trace directory, if it made one: the
// traces are read once, by the prediction.
func (p *pipeline) dropTraces() {
	if p.scratch != "" {
		os.RemoveAll(p.scratch)
		p.scratch = ""
	}
}
