package hunt

import (
	"github.com/deadhunt/deadhunt/hunt/internal/cache"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// CacheEnv names the environment variable that moves deadhunt's cache
// (the hunt cache and the build's state): a directory, or "off" for none.
const CacheEnv = cache.Env

// DefaultCacheDir is where the hunt cache lives: hunt/ in $DEADHUNT_CACHE,
// else deadhunt/hunt under os.UserCacheDir, where go's own cache lives by
// default; "" when off or there is no such directory. Asking marks the
// process as the cache's user: the cache is trimmed first if due, and not
// while the process runs.
func DefaultCacheDir() string { return cache.DefaultDir() }

// newCache is the hunt cache in dir for a hunt with cfg's options, keyed
// by those that change results; nil when dir is "".
func newCache(dir string, cfg Config, opts driver.Options) *cache.Cache {
	return cache.New(dir, struct {
		Runs, NoGuaranteeRuns, Depth, Radius, Random, PCT int
		Confidence                                        float64
		Strategy                                          report.Strategy
		Seed                                              uint64
		KeepGoing, NoPredict, Static                      bool
		Timeout                                           int64
		Args                                              []string
	}{opts.Runs, opts.NoGuaranteeRuns, opts.Depth, opts.Radius, cfg.Random, cfg.PCT, opts.Confidence, opts.Strategy, opts.Seed,
		opts.KeepGoing, cfg.NoPredict, cfg.Static != nil, int64(opts.Timeout), opts.Args})
}

// listed names p's packages in the cache: the last listing of the same
// patterns, from the same directory, with the same -run, is reused.
func (p *pipeline) listed() cache.Patterns {
	return cache.Patterns{Root: p.root, Dir: p.cfg.Dir, Run: p.cfg.Run, Patterns: p.patterns} // patterns are relative to Dir
}

// reuseStatic takes from the cache the static answer of every package the
// analyzer is to look at (p.static, or every package examined when nil),
// and leaves it the others: p.static becomes those, none if the cache had
// them all. Without a cache or sources, or when the cache has none of
// them, p.static is left as it is.
func (p *pipeline) reuseStatic(ch *cache.Cache, src *cache.Sources) {
	if ch == nil || src == nil || p.cfg.Static == nil {
		return
	}
	paths := p.static
	if paths == nil {
		paths = src.Paths
	}
	r := ch.ReuseStatic(src, paths)
	if r.Reused > 0 {
		p.static = r.Analyzed
	}
	p.statics = r
}
