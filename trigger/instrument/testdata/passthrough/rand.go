package rt

import (
	crand "crypto/rand"
	"hash/maphash"
	"io"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
)

// The random draws of CONTRACT.md section 3: the real functions.
func RandInt(s *Site) int                                   { return mrand.Int() }
func RandInt31(s *Site) int32                               { return mrand.Int31() }
func RandInt63(s *Site) int64                               { return mrand.Int63() }
func RandUint32(s *Site) uint32                             { return mrand.Uint32() }
func RandUint64(s *Site) uint64                             { return mrand.Uint64() }
func RandFloat64(s *Site) float64                           { return mrand.Float64() }
func RandFloat32(s *Site) float32                           { return mrand.Float32() }
func RandExpFloat64(s *Site) float64                        { return mrand.ExpFloat64() }
func RandNormFloat64(s *Site) float64                       { return mrand.NormFloat64() }
func RandIntn(n int, s *Site) int                           { return mrand.Intn(n) }
func RandInt31n(n int32, s *Site) int32                     { return mrand.Int31n(n) }
func RandInt63n(n int64, s *Site) int64                     { return mrand.Int63n(n) }
func RandPerm(n int, s *Site) []int                         { return mrand.Perm(n) }
func RandV2Int(s *Site) int                                 { return rand.Int() }
func RandV2Int32(s *Site) int32                             { return rand.Int32() }
func RandV2Int64(s *Site) int64                             { return rand.Int64() }
func RandV2Uint(s *Site) uint                               { return rand.Uint() }
func RandV2Uint32(s *Site) uint32                           { return rand.Uint32() }
func RandV2Uint64(s *Site) uint64                           { return rand.Uint64() }
func RandV2Float64(s *Site) float64                         { return rand.Float64() }
func RandV2Float32(s *Site) float32                         { return rand.Float32() }
func RandV2ExpFloat64(s *Site) float64                      { return rand.ExpFloat64() }
func RandV2NormFloat64(s *Site) float64                     { return rand.NormFloat64() }
func RandV2IntN(n int, s *Site) int                         { return rand.IntN(n) }
func RandV2Int32N(n int32, s *Site) int32                   { return rand.Int32N(n) }
func RandV2Int64N(n int64, s *Site) int64                   { return rand.Int64N(n) }
func RandV2UintN(n uint, s *Site) uint                      { return rand.UintN(n) }
func RandV2Uint32N(n uint32, s *Site) uint32                { return rand.Uint32N(n) }
func RandV2Uint64N(n uint64, s *Site) uint64                { return rand.Uint64N(n) }
func RandV2N[Int intType](n Int, s *Site) Int               { return rand.N(n) }
func RandV2Perm(n int, s *Site) []int                       { return rand.Perm(n) }
func RandNewDrawn(src mrand.Source, s *Site) *mrand.Rand    { return mrand.New(src) }
func RandV2NewDrawn(src rand.Source, s *Site) *rand.Rand    { return rand.New(src) }
func RandRIntn(r *mrand.Rand, n int, s *Site) int           { return r.Intn(n) }
func RandRInt31n(r *mrand.Rand, n int32, s *Site) int32     { return r.Int31n(n) }
func RandRInt63n(r *mrand.Rand, n int64, s *Site) int64     { return r.Int63n(n) }
func RandRPerm(r *mrand.Rand, n int, s *Site) []int         { return r.Perm(n) }
func RandV2RIntN(r *rand.Rand, n int, s *Site) int          { return r.IntN(n) }
func RandV2RInt32N(r *rand.Rand, n int32, s *Site) int32    { return r.Int32N(n) }
func RandV2RInt64N(r *rand.Rand, n int64, s *Site) int64    { return r.Int64N(n) }
func RandV2RUintN(r *rand.Rand, n uint, s *Site) uint       { return r.UintN(n) }
func RandV2RUint32N(r *rand.Rand, n uint32, s *Site) uint32 { return r.Uint32N(n) }
func RandV2RUint64N(r *rand.Rand, n uint64, s *Site) uint64 { return r.Uint64N(n) }
func RandV2RPerm(r *rand.Rand, n int, s *Site) []int        { return r.Perm(n) }

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func RandShuffle(n int, swap func(i, j int), s *Site)   { mrand.Shuffle(n, swap) }
func RandV2Shuffle(n int, swap func(i, j int), s *Site) { rand.Shuffle(n, swap) }
func RandRShuffle(r *mrand.Rand, n int, swap func(i, j int), s *Site) {
	r.Shuffle(n, swap)
}
func RandV2RShuffle(r *rand.Rand, n int, swap func(i, j int), s *Site) {
	r.Shuffle(n, swap)
}

func MaphashMakeSeed(s *Site) maphash.Seed          { return maphash.MakeSeed() }
func CryptoRandRead(b []byte, s *Site) (int, error) { return crand.Read(b) }
func CryptoRandInt(r io.Reader, max *big.Int, s *Site) (*big.Int, error) {
	return crand.Int(r, max)
}
