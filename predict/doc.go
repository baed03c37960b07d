// Package predict predicts deadlocks from recorded lock-order traces
// (predict/TRACE.md, read by predict/trace) and merges them with the static
// analyzer's findings.
//
// The lock-order graph has an edge held → acquired for every lock a
// goroutine acquired while holding another, labelled with the run, the
// goroutine, both sites, the full held set and the stack. It exists at two
// levels: lock instances within one run, and lock classes across runs.
// Edges are deduplicated per goroutine, sites and held set; of each, the
// first and the last occurrence are kept with their vector clocks.
//
// Predictions come from the strongly connected components of each level
// (graph.StronglyConnectedComponents of github.com/dominikbraun/graph),
// then from the elementary cycles of at most Options.MaxCycle locks within
// each component. A cycle is predicted when one edge per step can be
// chosen such that, as in iGoodlock:
//   - the edges come from distinct goroutines;
//   - no two edges of one run are ordered by happens-before (vector clocks
//     updated on go and hb events): an edge whose acquisition happens before
//     the other edge's first acquisition cannot overlap it;
//   - no lock other than the cycle's own is held at every edge (a guard);
//   - no lock is held for reading by one edge and acquired for reading by
//     the next (readers do not exclude each other);
//   - at the class level, no single run showed every step of the cycle:
//     such a run took those orders on instances that make no cycle (or the
//     instance level reports the cycle already), so the instance level,
//     more precise, decides. Class-level cycles thus join orders seen in
//     different runs or tests.
//
// Components with no cycle of at most MaxCycle locks are not predictions;
// they are listed in Result.SCCs so that long cycles are not lost silently.
//
// A goroutine acquiring (or waiting for) a lock it holds for writing, or
// write-locking one it holds for reading, is a double-lock prediction. A
// goroutine read-locking an RWMutex it already read-holds is an RWR
// prediction when some other goroutine, of any run, write-locks that lock
// class. Wait events count like the acquisitions they announce: an rwait
// on a lock the goroutine read-holds is a recursive read, a wait on it (an
// upgrade from RLock to Lock) a double lock.
//
// Predictions are deduplicated by kind and lock classes (the inputs of
// report.ComputeID) and keep the evidence of every run, goroutine, site and
// stack that showed them.
package predict
