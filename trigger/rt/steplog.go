package rt

import (
	"unsafe"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// stepLog is the schedule: one record per decision, kept in chunks of a
// fixed size (a long schedule is never copied to grow: copying, and first
// touching the new memory, cost about 30 ns a step when it doubled), and
// the sites its records name, interned.
type stepLog struct {
	chunks [][]stepRec
	n      int
	sites  []*Site          // interned step sites; 0 is nil
	index  map[*Site]uint32 // index in sites
	cache  [siteCacheSize]siteCacheEntry
}

// stepRec is one scheduling decision. It holds no pointer (the site is an
// index into stepLog.sites) so that long schedules cost the GC nothing.
type stepRec struct {
	g      int32 // the goroutine; a timer's firing: 0, or minus its owner
	site   uint32
	kind   opKind
	change bool
}

const stepChunk = 4096

func newStepLog() stepLog {
	return stepLog{sites: append(make([]*Site, 0, 256), nil), index: make(map[*Site]uint32, 256)}
}

func (l *stepLog) add(s stepRec) {
	i := l.n % stepChunk
	if i == 0 {
		l.chunks = append(l.chunks, make([]stepRec, stepChunk))
	}
	l.chunks[len(l.chunks)-1][i] = s
	l.n++
}

func (l *stepLog) len() int { return l.n }

// at returns step i.
func (l *stepLog) at(i int) stepRec { return l.chunks[i/stepChunk][i%stepChunk] }

// intern returns the index of site s in l.sites.
func (l *stepLog) intern(s *Site) uint32 {
	if s == nil {
		return 0
	}
	e := &l.cache[addrHash(uintptr(unsafe.Pointer(s)), siteCacheBits)]
	if e.s == s {
		return e.i
	}
	i, ok := l.index[s]
	if !ok {
		i = uint32(len(l.sites))
		l.sites = append(l.sites, s)
		l.index[s] = i
	}
	e.s, e.i = s, i
	return i
}

// The sites of a loop hit a direct-mapped cache in front of the index.
const (
	siteCacheBits = 8
	siteCacheSize = 1 << siteCacheBits
)

type siteCacheEntry struct {
	s *Site
	i uint32
}

// wire is s as a schedule's step.
func (s stepRec) wire(names []string) wire.Step {
	return wire.Step{Goroutine: max(int(s.g), 0), Owner: max(-int(s.g), 0), Site: names[s.site], Op: s.kind.String(), Change: s.change}
}
