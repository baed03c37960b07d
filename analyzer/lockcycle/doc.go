// Package lockcycle defines an Analyzer that predicts deadlocks from source.
//
// # Analyzer lockcycle
//
// lockcycle: report lock-order cycles, same-class nesting, double locks, RWR, missing unlocks and missing Dones
//
// lockcycle runs a per-function lockset dataflow over SSA. It follows
// Lock, Unlock, RLock, RUnlock, TryLock and TryRLock on sync.Mutex,
// sync.RWMutex and types embedding them, deferred unlocks, early returns,
// panics, loops, closures called in place, and calls to functions whose
// lock behaviour is summarised (in this package, or in a dependency through
// analysis facts). Calls through interfaces and function values resolve to
// the implementations visible in the package and its dependencies.
//
// Each mutex is named by its lock class: a package variable (pkg.mu), a
// field path ((*pkg.T).mu, (*pkg.T).inner.mu), an embedded mutex
// ((*pkg.T).Mutex) or an element of a map or slice ((*pkg.T).locks[*]).
//
// Reports (the category is given in brackets):
//
//   - [lock-order-cycle] two to four lock classes acquired in a cyclic
//     order, unless every edge holds a common guard lock; also two instances
//     of one class taken through interchangeable parameters, whose order
//     depends on the arguments; also a lock ring, one class locked for each
//     element of a container in a loop that keeps them, in map order or
//     over slices both ascending and descending.
//   - [double-lock] a goroutine locks a mutex instance it already holds,
//     directly or through calls.
//   - [rwr] a read lock taken again on an RWMutex instance already read
//     locked, while some path takes its write lock.
//   - [same-class-nesting] an instance of a class held while another
//     instance of it, linked by a field of the same type, is acquired: a
//     ring (n.mu then n.next.mu) or a hierarchy walked in both directions,
//     unless the instances are compared first. Off with
//     -same-class-nesting=false.
//   - [missing-unlock] a lock held at some return but released at others,
//     unless a method of the value returned or stored releases it.
//   - [missing-done] a goroutine body (a function a go statement of the
//     package starts, after calling Add on the WaitGroup itself) that
//     calls the WaitGroup's Done on some paths returns without it on
//     another; a Done deferred, or called once per item of a loop, is not
//     reported.
//
// Callbacks through listeners and hooks kept in struct fields are resolved
// where a concrete listener is stored into the field, in this package or a
// dependent one (facts carry both halves). Locks taken through sync.Locker
// values and RLocker are followed like the mutexes they wrap. An edge made
// after waiting for a goroutine's end (a channel it closes, a WaitGroup it
// signals) makes no cycle with the edges only that goroutine makes.
//
// A comment //lockcycle:ignore <reason> on the line of an acquisition
// suppresses the reports that involve it; an ignore without a reason is
// itself reported.
//
// Findings located in _test.go files are reported only with -tests.
// Packages of the standard library are not analysed. See docs/lockcycle.md
// in the deadhunt repository for the design and the known limits.
package lockcycle
