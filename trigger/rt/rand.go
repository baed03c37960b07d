package rt

import (
	crand "crypto/rand"
	"hash/maphash"
	"io"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"sync"
)

// Random draws (CONTRACT.md §3, "Draws"): the functions of math/rand and
// math/rand/v2, and the methods of a generator built in one expression
// from a seed that is not a constant (rand.New(rand.NewSource(
// time.Now().UnixNano()))), draw from the scheduler (draw.go) in a
// managed goroutine; elsewhere they are the real functions. A draw of at
// most maxChoice values is a choice the strategies vary on purpose; wider
// ones are uniform. Generators seeded with a constant are left alone:
// their values are the same in every run already.

// wide draws the 64-bit value of a wide draw, or reports false outside a
// managed goroutine.
func wide(s *Site) (uint64, bool) {
	x := enter()
	if x == nil {
		unmanagedDraw(s)
		return 0, false
	}
	return x.drawWide(srcRand, s), true
}

// small draws a value in [0, n), n ≥ 1, or reports false outside a
// managed goroutine.
func small(src drawSource, s *Site, n uint64) (uint64, bool) {
	x := enter()
	if x == nil {
		unmanagedDraw(s)
		return 0, false
	}
	return x.drawN(src, s, n), true
}

// From a wide value, as math/rand's and math/rand/v2's generators derive
// them from their source's 64 bits.
func toInt63(v uint64) int64     { return int64(v >> 1) }
func toInt31(v uint64) int32     { return int32(v >> 33) }
func toUint32(v uint64) uint32   { return uint32(v >> 32) }
func toInt(v uint64) int         { return int(uint(v) << 1 >> 1) }
func toFloat64(v uint64) float64 { return float64(v>>11) / (1 << 53) }
func toFloat32(v uint64) float32 { return float32(v>>40) / (1 << 24) }

// drawnSource is a generator's source whose values are the scheduler's
// wide draws, for the distributions drawn from a whole generator
// (ExpFloat64, NormFloat64).
type drawnSource struct{ s *Site }

func (d drawnSource) Uint64() uint64 {
	v, ok := wide(d.s)
	if !ok {
		return rand.Uint64()
	}
	return v
}
func (d drawnSource) Int63() int64 { return toInt63(d.Uint64()) }
func (drawnSource) Seed(int64)     {}

// wideAs is a wide draw as conv derives it, or real() outside a managed
// goroutine.
func wideAs[T any](s *Site, conv func(uint64) T, real func() T) T {
	if v, ok := wide(s); ok {
		return conv(v)
	}
	return real()
}

// whole is a draw of a distribution over a whole generator (ExpFloat64,
// NormFloat64) whose source is the scheduler's wide draws, or real().
func whole[R any](s *Site, gen func(drawnSource) R, dist func(R) float64, real func() float64) float64 {
	if enter() != nil {
		return dist(gen(drawnSource{s}))
	}
	return real()
}

// below is a draw in [0, n) by the scheduler, or real(n) outside a managed
// goroutine or for n ≤ 0 (which panics as the real function does).
func below[T intType](src drawSource, s *Site, n T, real func(T) T) T {
	if n > 0 {
		if v, ok := small(src, s, uint64(n)); ok {
			return T(v)
		}
	}
	return real(n)
}

// perm is a permutation of n drawn by the scheduler at s, or nil outside
// a managed goroutine or for n < 0.
func perm(src drawSource, s *Site, n int) []int {
	x := enter()
	if x == nil || n < 0 {
		return nil
	}
	p := make([]int, n)
	x.drawPerm(src, s, p)
	return p
}

// shuffle applies a drawn permutation of n with swap, or reports false as
// perm does.
func shuffle(src drawSource, s *Site, n int, swap func(i, j int)) bool {
	p := perm(src, s, n)
	if p == nil {
		return false
	}
	permute(p, swap)
	return true
}

// permute applies order p with swaps: position i ends with the element
// that was at p[i].
func permute(p []int, swap func(i, j int)) {
	at := make([]int, len(p))    // at[pos]: the original index there now
	where := make([]int, len(p)) // where[orig]: its position now
	for i := range p {
		at[i], where[i] = i, i
	}
	for i, want := range p {
		j := where[want]
		if j == i {
			continue
		}
		swap(i, j)
		moved := at[i]
		at[i], at[j] = want, moved
		where[want], where[moved] = i, j
	}
}

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func identity(v uint64) uint64 { return v }

// math/rand's functions.

func RandInt(s *Site) int               { return wideAs(s, toInt, mrand.Int) }
func RandInt31(s *Site) int32           { return wideAs(s, toInt31, mrand.Int31) }
func RandInt63(s *Site) int64           { return wideAs(s, toInt63, mrand.Int63) }
func RandUint32(s *Site) uint32         { return wideAs(s, toUint32, mrand.Uint32) }
func RandUint64(s *Site) uint64         { return wideAs(s, identity, mrand.Uint64) }
func RandFloat64(s *Site) float64       { return wideAs(s, toFloat64, mrand.Float64) }
func RandFloat32(s *Site) float32       { return wideAs(s, toFloat32, mrand.Float32) }
func RandIntn(n int, s *Site) int       { return below(srcRand, s, n, mrand.Intn) }
func RandInt31n(n int32, s *Site) int32 { return below(srcRand, s, n, mrand.Int31n) }
func RandInt63n(n int64, s *Site) int64 { return below(srcRand, s, n, mrand.Int63n) }

func RandExpFloat64(s *Site) float64 {
	return whole(s, newV1, (*mrand.Rand).ExpFloat64, mrand.ExpFloat64)
}

func RandNormFloat64(s *Site) float64 {
	return whole(s, newV1, (*mrand.Rand).NormFloat64, mrand.NormFloat64)
}

func newV1(d drawnSource) *mrand.Rand { return mrand.New(d) }
func newV2(d drawnSource) *rand.Rand  { return rand.New(d) }

func RandPerm(n int, s *Site) []int {
	if p := perm(srcShuffle, s, n); p != nil {
		return p
	}
	return mrand.Perm(n)
}

func RandShuffle(n int, swap func(i, j int), s *Site) {
	if !shuffle(srcShuffle, s, n, swap) {
		mrand.Shuffle(n, swap)
	}
}

// math/rand/v2's functions.

func RandV2Int(s *Site) int                  { return wideAs(s, toInt, rand.Int) }
func RandV2Int32(s *Site) int32              { return wideAs(s, toInt31, rand.Int32) }
func RandV2Int64(s *Site) int64              { return wideAs(s, toInt63, rand.Int64) }
func RandV2Uint(s *Site) uint                { return wideAs(s, func(v uint64) uint { return uint(v) }, rand.Uint) }
func RandV2Uint32(s *Site) uint32            { return wideAs(s, toUint32, rand.Uint32) }
func RandV2Uint64(s *Site) uint64            { return wideAs(s, identity, rand.Uint64) }
func RandV2Float64(s *Site) float64          { return wideAs(s, toFloat64, rand.Float64) }
func RandV2Float32(s *Site) float32          { return wideAs(s, toFloat32, rand.Float32) }
func RandV2IntN(n int, s *Site) int          { return below(srcRand, s, n, rand.IntN) }
func RandV2Int32N(n int32, s *Site) int32    { return below(srcRand, s, n, rand.Int32N) }
func RandV2Int64N(n int64, s *Site) int64    { return below(srcRand, s, n, rand.Int64N) }
func RandV2UintN(n uint, s *Site) uint       { return below(srcRand, s, n, rand.UintN) }
func RandV2Uint32N(n uint32, s *Site) uint32 { return below(srcRand, s, n, rand.Uint32N) }
func RandV2Uint64N(n uint64, s *Site) uint64 { return below(srcRand, s, n, rand.Uint64N) }
func RandV2Perm(n int, s *Site) []int        { return RandPerm(n, s) }

// RandV2N is math/rand/v2.N.
func RandV2N[Int intType](n Int, s *Site) Int { return below(srcRand, s, n, rand.N[Int]) }

func RandV2ExpFloat64(s *Site) float64 {
	return whole(s, newV2, (*rand.Rand).ExpFloat64, rand.ExpFloat64)
}

func RandV2NormFloat64(s *Site) float64 {
	return whole(s, newV2, (*rand.Rand).NormFloat64, rand.NormFloat64)
}

func RandV2Shuffle(n int, swap func(i, j int), s *Site) {
	if !shuffle(srcShuffle, s, n, swap) {
		rand.Shuffle(n, swap) // panics for n < 0 as it would
	}
}

// Generators seeded outside the schedule: rand.New(rand.NewSource(seed))
// and rand.New(rand.NewPCG(seed1, seed2)) whose seed is not a constant
// become RandNewDrawn and RandV2NewDrawn: the generator is registered, and
// its methods that draw among a few values (Intn, Perm, Shuffle, …; the
// rewriter sends them to RandR…) draw from the scheduler. Its other
// methods use its own source, which the replayed clock seeds alike.

// drawnGens holds the generators registered (bounded: a test making
// generators without end gets the rest plain).
var drawnGens struct {
	sync.Mutex
	m map[any]bool
}

const maxDrawnGens = 1 << 14

func register(r any) {
	drawnGens.Lock()
	defer drawnGens.Unlock()
	if drawnGens.m == nil {
		drawnGens.m = map[any]bool{}
	}
	if len(drawnGens.m) < maxDrawnGens {
		drawnGens.m[r] = true
	}
}

func drawn(r any) bool {
	drawnGens.Lock()
	defer drawnGens.Unlock()
	return drawnGens.m[r]
}

// genBelow is below for a method of generator r: drawn by the scheduler
// if r is registered, else real(n).
func genBelow[T intType](r any, s *Site, n T, real func(T) T) T {
	if n > 0 && enter() != nil && drawn(r) {
		return below(srcGen, s, n, real)
	}
	return real(n)
}

// genPerm is perm for a method of generator r, or nil if r is not
// registered.
func genPerm(r any, s *Site, n int) []int {
	if enter() == nil || !drawn(r) {
		return nil
	}
	return perm(srcGen, s, n)
}

func RandNewDrawn(src mrand.Source, s *Site) *mrand.Rand {
	r := mrand.New(src)
	if enter() != nil {
		register(r)
	}
	return r
}

func RandV2NewDrawn(src rand.Source, s *Site) *rand.Rand {
	r := rand.New(src)
	if enter() != nil {
		register(r)
	}
	return r
}

func RandRIntn(r *mrand.Rand, n int, s *Site) int        { return genBelow(r, s, n, r.Intn) }
func RandRInt31n(r *mrand.Rand, n int32, s *Site) int32  { return genBelow(r, s, n, r.Int31n) }
func RandRInt63n(r *mrand.Rand, n int64, s *Site) int64  { return genBelow(r, s, n, r.Int63n) }
func RandV2RIntN(r *rand.Rand, n int, s *Site) int       { return genBelow(r, s, n, r.IntN) }
func RandV2RInt32N(r *rand.Rand, n int32, s *Site) int32 { return genBelow(r, s, n, r.Int32N) }
func RandV2RInt64N(r *rand.Rand, n int64, s *Site) int64 { return genBelow(r, s, n, r.Int64N) }
func RandV2RUintN(r *rand.Rand, n uint, s *Site) uint    { return genBelow(r, s, n, r.UintN) }
func RandV2RUint32N(r *rand.Rand, n uint32, s *Site) uint32 {
	return genBelow(r, s, n, r.Uint32N)
}
func RandV2RUint64N(r *rand.Rand, n uint64, s *Site) uint64 {
	return genBelow(r, s, n, r.Uint64N)
}

func RandRPerm(r *mrand.Rand, n int, s *Site) []int {
	if p := genPerm(r, s, n); p != nil {
		return p
	}
	return r.Perm(n)
}

func RandV2RPerm(r *rand.Rand, n int, s *Site) []int {
	if p := genPerm(r, s, n); p != nil {
		return p
	}
	return r.Perm(n)
}

func RandRShuffle(r *mrand.Rand, n int, swap func(i, j int), s *Site) {
	if p := genPerm(r, s, n); p != nil {
		permute(p, swap)
		return
	}
	r.Shuffle(n, swap)
}

func RandV2RShuffle(r *rand.Rand, n int, swap func(i, j int), s *Site) {
	if p := genPerm(r, s, n); p != nil {
		permute(p, swap)
		return
	}
	r.Shuffle(n, swap)
}

// Sources that stay outside the scheduler: a hash/maphash seed (its
// hashes differ in every process whatever the seed) and crypto/rand. A
// managed goroutine's call is noted in the result's warnings and as
// unexplored: a witness whose run depends on the values may not replay.

// unmanagedDraw notes a draw by a goroutine the scheduler does not manage
// (started by code that is not instrumented) during a controlled run: its
// value is the real function's, not replayed.
func unmanagedDraw(s *Site) {
	sc := current.Load()
	if sc == nil {
		return
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	why := "a random draw at " + s.String() + " by a goroutine the scheduler does not manage (not replayed)"
	sc.warnOnce("blind spot: " + why)
	if sc.expl != nil {
		sc.expl.unexplored(why)
	}
}

func outsideSource(what string, s *Site) {
	x := enter()
	if x == nil {
		return
	}
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	why := what + " at " + s.String() + " (outside the scheduler: not replayed)"
	sc.warnOnce("blind spot: " + why)
	if sc.expl != nil {
		sc.expl.unexplored(why)
	}
}

func MaphashMakeSeed(s *Site) maphash.Seed {
	outsideSource("a hash/maphash seed", s)
	return maphash.MakeSeed()
}

func CryptoRandRead(b []byte, s *Site) (int, error) {
	outsideSource("a crypto/rand draw", s)
	return crand.Read(b)
}

func CryptoRandInt(r io.Reader, max *big.Int, s *Site) (*big.Int, error) {
	outsideSource("a crypto/rand draw", s)
	return crand.Int(r, max)
}
