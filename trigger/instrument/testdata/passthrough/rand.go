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

// The draws and a generator's methods used as values: the real ones.
func RandRIntnValue(r *mrand.Rand, s *Site) func(int) int { return r.Intn }
func RandRIntnExpr[R interface{ *mrand.Rand }](s *Site) func(R, int) int {
	return func(r R, n int) int { return RandRIntn(r, n, s) }
}

func RandRInt31nValue(r *mrand.Rand, s *Site) func(int32) int32 { return r.Int31n }
func RandRInt31nExpr[R interface{ *mrand.Rand }](s *Site) func(R, int32) int32 {
	return func(r R, n int32) int32 { return RandRInt31n(r, n, s) }
}

func RandRInt63nValue(r *mrand.Rand, s *Site) func(int64) int64 { return r.Int63n }
func RandRInt63nExpr[R interface{ *mrand.Rand }](s *Site) func(R, int64) int64 {
	return func(r R, n int64) int64 { return RandRInt63n(r, n, s) }
}

func RandRPermValue(r *mrand.Rand, s *Site) func(int) []int { return r.Perm }
func RandRPermExpr[R interface{ *mrand.Rand }](s *Site) func(R, int) []int {
	return func(r R, n int) []int { return RandRPerm(r, n, s) }
}

func RandRShuffleValue(r *mrand.Rand, s *Site) func(int, func(i, j int)) { return r.Shuffle }
func RandRShuffleExpr[R interface{ *mrand.Rand }](s *Site) func(R, int, func(i, j int)) {
	return func(r R, n int, swap func(i, j int)) { RandRShuffle(r, n, swap, s) }
}

func RandV2RIntNValue(r *rand.Rand, s *Site) func(int) int { return r.IntN }
func RandV2RIntNExpr[R interface{ *rand.Rand }](s *Site) func(R, int) int {
	return func(r R, n int) int { return RandV2RIntN(r, n, s) }
}

func RandV2RInt32NValue(r *rand.Rand, s *Site) func(int32) int32 { return r.Int32N }
func RandV2RInt32NExpr[R interface{ *rand.Rand }](s *Site) func(R, int32) int32 {
	return func(r R, n int32) int32 { return RandV2RInt32N(r, n, s) }
}

func RandV2RInt64NValue(r *rand.Rand, s *Site) func(int64) int64 { return r.Int64N }
func RandV2RInt64NExpr[R interface{ *rand.Rand }](s *Site) func(R, int64) int64 {
	return func(r R, n int64) int64 { return RandV2RInt64N(r, n, s) }
}

func RandV2RUintNValue(r *rand.Rand, s *Site) func(uint) uint { return r.UintN }
func RandV2RUintNExpr[R interface{ *rand.Rand }](s *Site) func(R, uint) uint {
	return func(r R, n uint) uint { return RandV2RUintN(r, n, s) }
}

func RandV2RUint32NValue(r *rand.Rand, s *Site) func(uint32) uint32 { return r.Uint32N }
func RandV2RUint32NExpr[R interface{ *rand.Rand }](s *Site) func(R, uint32) uint32 {
	return func(r R, n uint32) uint32 { return RandV2RUint32N(r, n, s) }
}

func RandV2RUint64NValue(r *rand.Rand, s *Site) func(uint64) uint64 { return r.Uint64N }
func RandV2RUint64NExpr[R interface{ *rand.Rand }](s *Site) func(R, uint64) uint64 {
	return func(r R, n uint64) uint64 { return RandV2RUint64N(r, n, s) }
}

func RandV2RPermValue(r *rand.Rand, s *Site) func(int) []int { return r.Perm }
func RandV2RPermExpr[R interface{ *rand.Rand }](s *Site) func(R, int) []int {
	return func(r R, n int) []int { return RandV2RPerm(r, n, s) }
}

func RandV2RShuffleValue(r *rand.Rand, s *Site) func(int, func(i, j int)) { return r.Shuffle }
func RandV2RShuffleExpr[R interface{ *rand.Rand }](s *Site) func(R, int, func(i, j int)) {
	return func(r R, n int, swap func(i, j int)) { RandV2RShuffle(r, n, swap, s) }
}

func RandIntValue(s *Site) func() int                      { return mrand.Int }
func RandInt31Value(s *Site) func() int32                  { return mrand.Int31 }
func RandInt63Value(s *Site) func() int64                  { return mrand.Int63 }
func RandUint32Value(s *Site) func() uint32                { return mrand.Uint32 }
func RandUint64Value(s *Site) func() uint64                { return mrand.Uint64 }
func RandFloat64Value(s *Site) func() float64              { return mrand.Float64 }
func RandFloat32Value(s *Site) func() float32              { return mrand.Float32 }
func RandExpFloat64Value(s *Site) func() float64           { return mrand.ExpFloat64 }
func RandNormFloat64Value(s *Site) func() float64          { return mrand.NormFloat64 }
func RandIntnValue(s *Site) func(int) int                  { return mrand.Intn }
func RandInt31nValue(s *Site) func(int32) int32            { return mrand.Int31n }
func RandInt63nValue(s *Site) func(int64) int64            { return mrand.Int63n }
func RandPermValue(s *Site) func(int) []int                { return mrand.Perm }
func RandShuffleValue(s *Site) func(int, func(i, j int))   { return mrand.Shuffle }
func RandV2IntValue(s *Site) func() int                    { return rand.Int }
func RandV2Int32Value(s *Site) func() int32                { return rand.Int32 }
func RandV2Int64Value(s *Site) func() int64                { return rand.Int64 }
func RandV2UintValue(s *Site) func() uint                  { return rand.Uint }
func RandV2Uint32Value(s *Site) func() uint32              { return rand.Uint32 }
func RandV2Uint64Value(s *Site) func() uint64              { return rand.Uint64 }
func RandV2Float64Value(s *Site) func() float64            { return rand.Float64 }
func RandV2Float32Value(s *Site) func() float32            { return rand.Float32 }
func RandV2ExpFloat64Value(s *Site) func() float64         { return rand.ExpFloat64 }
func RandV2NormFloat64Value(s *Site) func() float64        { return rand.NormFloat64 }
func RandV2IntNValue(s *Site) func(int) int                { return rand.IntN }
func RandV2Int32NValue(s *Site) func(int32) int32          { return rand.Int32N }
func RandV2Int64NValue(s *Site) func(int64) int64          { return rand.Int64N }
func RandV2UintNValue(s *Site) func(uint) uint             { return rand.UintN }
func RandV2Uint32NValue(s *Site) func(uint32) uint32       { return rand.Uint32N }
func RandV2Uint64NValue(s *Site) func(uint64) uint64       { return rand.Uint64N }
func RandV2PermValue(s *Site) func(int) []int              { return rand.Perm }
func RandV2ShuffleValue(s *Site) func(int, func(i, j int)) { return rand.Shuffle }
