package rt

import "slices"

// Kinds of orderings (wire.Explore.Kinds): what a run showed of its
// orderings, with goroutines named by their creation sites (g.kind: the
// creation path without the ordinals) and operations by their sites, not
// by which goroutine of a kind did them on which object. A test that
// repeats one episode thousands of times (a loop that starts goroutines
// and cancels a context) shows a new ordering in every run but few kinds,
// and once its runs stop showing new kinds, the driver can say so
// (unseen.go). Three sorts, the third apart (DrawKinds: a test of many
// goroutines draws a new small map order in most runs, which changes
// nothing its goroutines do unless the first two sorts show it):
//   - on an object, a counted operation right after one of another
//     goroutine: the object's class, and the two operations' kinds and
//     sites;
//   - a cut (a timer fired, a context cancelled): what, with the kind and
//     site of one goroutine waiting (one kind per such goroutine);
//   - a data choice: the goroutine's kind, the site and the value.

// maxKinds bounds a run's kinds: past it, the run's kinds are not reported
// (KindsOver) and no estimate is made over them.
const maxKinds = 4096

// kindSet is a run's kinds.
type kindSet struct {
	seen map[uint64]struct{}
	over bool
}

func (k *kindSet) add(h uint64) {
	switch {
	case k.over:
	case k.seen == nil:
		k.seen = map[uint64]struct{}{h: {}}
	case len(k.seen) < maxKinds:
		k.seen[h] = struct{}{}
	default:
		if _, ok := k.seen[h]; !ok {
			k.over, k.seen = true, nil
		}
	}
}

// list is the kinds, sorted (nil if none or over).
func (k *kindSet) list() []uint64 {
	if len(k.seen) == 0 {
		return nil
	}
	l := make([]uint64, 0, len(k.seen))
	for h := range k.seen {
		l = append(l, h)
	}
	slices.Sort(l)
	return l
}

// siteKey is a hash of s.String(), computed once per site.
func siteKey(s *Site) uint64 {
	if s == nil {
		return noSiteKey
	}
	if s.key == 0 {
		s.key = hashString(s.String())
	}
	return s.key
}

var noSiteKey = hashString((*Site)(nil).String())

// kindAt is x's kind and the site of its pending or last operation.
func kindAt(x *g) uint64 { return mix64(x.kind ^ siteKey(x.op.site)) }

// unit records x's counted operation on r, and the kind of ordering it
// makes with the one before it by another goroutine.
func (e *explorer) unit(r *objRecord, x *g) {
	e.listIf(r.unit(x.name), r)
	ks := kindAt(x)
	if r.lastName != 0 && r.lastName != x.name {
		e.kinds.add(mix64(mix64(uint64(r.class)<<56^r.lastKS) ^ ks))
	}
	r.lastName, r.lastKS = x.name, ks
}

// cutKind records a cut's kinds: what, with the kind and site of each
// goroutine not done (cutSum has listed them in e.liveBuf) that waits,
// or was woken or touched by the step (ready), one kind each; not which
// of them were there together, nor how many of each, nor the finished
// ones (a loop that starts goroutines and cancels a context would make
// every cut of a new kind). Not the one that made it (by), nor one able
// to step before it and untouched: where a running goroutine happened to
// be is the interleaving itself, which a test that cancels late while it
// goes on to its next episode shows at every site; what the cut changes
// for it is in the kinds of the operations it does next.
func (e *explorer) cutKind(what string, by *g) {
	h := hashString(what)
	for _, y := range e.liveBuf {
		if y == by || y.en.set == setEnabled {
			continue
		}
		e.kinds.add(mix64(h ^ kindAt(y)))
	}
}
