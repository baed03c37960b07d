package rt

import (
	crand "crypto/rand"
	"hash/maphash"
	"io"
	"math"
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

// math/rand's functions.

func RandInt(s *Site) int {
	if v, ok := wide(s); ok {
		return toInt(v)
	}
	return mrand.Int()
}

func RandInt31(s *Site) int32 {
	if v, ok := wide(s); ok {
		return toInt31(v)
	}
	return mrand.Int31()
}

func RandInt63(s *Site) int64 {
	if v, ok := wide(s); ok {
		return toInt63(v)
	}
	return mrand.Int63()
}

func RandUint32(s *Site) uint32 {
	if v, ok := wide(s); ok {
		return toUint32(v)
	}
	return mrand.Uint32()
}

func RandUint64(s *Site) uint64 {
	if v, ok := wide(s); ok {
		return v
	}
	return mrand.Uint64()
}

func RandFloat64(s *Site) float64 {
	if v, ok := wide(s); ok {
		return toFloat64(v)
	}
	return mrand.Float64()
}

func RandFloat32(s *Site) float32 {
	if v, ok := wide(s); ok {
		return toFloat32(v)
	}
	return mrand.Float32()
}

func RandExpFloat64(s *Site) float64 {
	if enter() != nil {
		return mrand.New(drawnSource{s}).ExpFloat64()
	}
	return mrand.ExpFloat64()
}

func RandNormFloat64(s *Site) float64 {
	if enter() != nil {
		return mrand.New(drawnSource{s}).NormFloat64()
	}
	return mrand.NormFloat64()
}

func RandIntn(n int, s *Site) int {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int(v)
		}
	}
	return mrand.Intn(n) // panics as it would for n <= 0
}

func RandInt31n(n int32, s *Site) int32 {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int32(v)
		}
	}
	return mrand.Int31n(n)
}

func RandInt63n(n int64, s *Site) int64 {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int64(v)
		}
	}
	return mrand.Int63n(n)
}

func RandPerm(n int, s *Site) []int {
	if x := enter(); x != nil && n >= 0 {
		p := make([]int, n)
		x.drawPerm(srcShuffle, s, p)
		return p
	}
	return mrand.Perm(n)
}

func RandShuffle(n int, swap func(i, j int), s *Site) {
	if x := enter(); x != nil && n >= 0 {
		p := make([]int, n)
		x.drawPerm(srcShuffle, s, p)
		permute(p, swap)
		return
	}
	mrand.Shuffle(n, swap)
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

// math/rand/v2's functions.

func RandV2Int(s *Site) int {
	if v, ok := wide(s); ok {
		return toInt(v)
	}
	return rand.Int()
}

func RandV2Int32(s *Site) int32 {
	if v, ok := wide(s); ok {
		return toInt31(v)
	}
	return rand.Int32()
}

func RandV2Int64(s *Site) int64 {
	if v, ok := wide(s); ok {
		return toInt63(v)
	}
	return rand.Int64()
}

func RandV2Uint(s *Site) uint {
	if v, ok := wide(s); ok {
		return uint(v)
	}
	return rand.Uint()
}

func RandV2Uint32(s *Site) uint32 {
	if v, ok := wide(s); ok {
		return toUint32(v)
	}
	return rand.Uint32()
}

func RandV2Uint64(s *Site) uint64 {
	if v, ok := wide(s); ok {
		return v
	}
	return rand.Uint64()
}

func RandV2Float64(s *Site) float64 {
	if v, ok := wide(s); ok {
		return toFloat64(v)
	}
	return rand.Float64()
}

func RandV2Float32(s *Site) float32 {
	if v, ok := wide(s); ok {
		return toFloat32(v)
	}
	return rand.Float32()
}

func RandV2ExpFloat64(s *Site) float64 {
	if enter() != nil {
		return rand.New(drawnSource{s}).ExpFloat64()
	}
	return rand.ExpFloat64()
}

func RandV2NormFloat64(s *Site) float64 {
	if enter() != nil {
		return rand.New(drawnSource{s}).NormFloat64()
	}
	return rand.NormFloat64()
}

func RandV2IntN(n int, s *Site) int {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int(v)
		}
	}
	return rand.IntN(n)
}

func RandV2Int32N(n int32, s *Site) int32 {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int32(v)
		}
	}
	return rand.Int32N(n)
}

func RandV2Int64N(n int64, s *Site) int64 {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return int64(v)
		}
	}
	return rand.Int64N(n)
}

func RandV2UintN(n uint, s *Site) uint {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return uint(v)
		}
	}
	return rand.UintN(n)
}

func RandV2Uint32N(n uint32, s *Site) uint32 {
	if n > 0 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return uint32(v)
		}
	}
	return rand.Uint32N(n)
}

func RandV2Uint64N(n uint64, s *Site) uint64 {
	if n > 0 {
		if v, ok := small(srcRand, s, n); ok {
			return v
		}
	}
	return rand.Uint64N(n)
}

// RandV2N is math/rand/v2.N.
func RandV2N[Int intType](n Int, s *Site) Int {
	if n > 0 && uint64(n) <= math.MaxInt64 {
		if v, ok := small(srcRand, s, uint64(n)); ok {
			return Int(v)
		}
	}
	return rand.N(n)
}

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func RandV2Perm(n int, s *Site) []int { return RandPerm(n, s) }

func RandV2Shuffle(n int, swap func(i, j int), s *Site) {
	if n < 0 {
		rand.Shuffle(n, swap) // panics as it would
	}
	RandShuffle(n, swap, s)
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

// genSmall draws for a registered generator's method.
func genSmall(r any, s *Site, n uint64) (uint64, bool) {
	if n == 0 || enter() == nil || !drawn(r) {
		return 0, false
	}
	return small(srcGen, s, n)
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

func RandRIntn(r *mrand.Rand, n int, s *Site) int {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int(v)
		}
	}
	return r.Intn(n)
}

func RandRInt31n(r *mrand.Rand, n int32, s *Site) int32 {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int32(v)
		}
	}
	return r.Int31n(n)
}

func RandRInt63n(r *mrand.Rand, n int64, s *Site) int64 {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int64(v)
		}
	}
	return r.Int63n(n)
}

func RandRPerm(r *mrand.Rand, n int, s *Site) []int {
	if x := enter(); x != nil && n >= 0 && drawn(r) {
		p := make([]int, n)
		x.drawPerm(srcGen, s, p)
		return p
	}
	return r.Perm(n)
}

func RandRShuffle(r *mrand.Rand, n int, swap func(i, j int), s *Site) {
	if x := enter(); x != nil && n >= 0 && drawn(r) {
		p := make([]int, n)
		x.drawPerm(srcGen, s, p)
		permute(p, swap)
		return
	}
	r.Shuffle(n, swap)
}

func RandV2RIntN(r *rand.Rand, n int, s *Site) int {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int(v)
		}
	}
	return r.IntN(n)
}

func RandV2RInt32N(r *rand.Rand, n int32, s *Site) int32 {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int32(v)
		}
	}
	return r.Int32N(n)
}

func RandV2RInt64N(r *rand.Rand, n int64, s *Site) int64 {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return int64(v)
		}
	}
	return r.Int64N(n)
}

func RandV2RUintN(r *rand.Rand, n uint, s *Site) uint {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return uint(v)
		}
	}
	return r.UintN(n)
}

func RandV2RUint32N(r *rand.Rand, n uint32, s *Site) uint32 {
	if n > 0 {
		if v, ok := genSmall(r, s, uint64(n)); ok {
			return uint32(v)
		}
	}
	return r.Uint32N(n)
}

func RandV2RUint64N(r *rand.Rand, n uint64, s *Site) uint64 {
	if n > 0 {
		if v, ok := genSmall(r, s, n); ok {
			return v
		}
	}
	return r.Uint64N(n)
}

func RandV2RPerm(r *rand.Rand, n int, s *Site) []int {
	if x := enter(); x != nil && n >= 0 && drawn(r) {
		p := make([]int, n)
		x.drawPerm(srcGen, s, p)
		return p
	}
	return r.Perm(n)
}

func RandV2RShuffle(r *rand.Rand, n int, swap func(i, j int), s *Site) {
	if x := enter(); x != nil && n >= 0 && drawn(r) {
		p := make([]int, n)
		x.drawPerm(srcGen, s, p)
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
