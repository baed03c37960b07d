package rt

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// canonical sorts by hash whatever the input order, ties by tie.
func TestCanonicalSorts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 7, 64, 1000, 4097} {
		h := make([]uint64, n)
		for i := range h {
			switch i % 3 {
			case 0:
				h[i] = r.Uint64()
			case 1:
				h[i] = r.Uint64() >> 60 // crowded buckets
			default:
				h[i] = h[r.IntN(i)] // ties
			}
		}
		tie := func(i, j int32) int { return int(i) - int(j) }
		ord := make([]int32, n)
		canonical(h, ord, make([]int32, 1<<bitsLen(n-1)+1), tie)
		if !slices.IsSortedFunc(ord, func(a, b int32) int {
			if h[a] != h[b] {
				if h[a] < h[b] {
					return -1
				}
				return 1
			}
			return tie(a, b)
		}) {
			t.Fatalf("n=%d: not sorted by hash and tie", n)
		}
		seen := make([]bool, n)
		for _, i := range ord {
			if seen[i] {
				t.Fatalf("n=%d: index %d twice", n, i)
			}
			seen[i] = true
		}
	}
}

func bitsLen(n int) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}

// The canonical hashes are our own, the same in every process and on
// every machine: a change here changes every witness's map orders.
func TestKeyHashesFixed(t *testing.T) {
	hashOf := func(ki *keyInfo, p unsafe.Pointer, n int) []uint64 {
		h := make([]uint64, n)
		if bad := ki.hash(p, n, h, 0); bad != "" {
			t.Fatalf("%s: no order (%s)", ki.t, bad)
		}
		return h
	}
	ints := []int64{0, 1, -1}
	strs := []string{"", "a", "a longer key", "abcde", "12345678"}
	type pair struct {
		A int32
		B string
	}
	pairs := []pair{{1, "x"}}
	anys := []any{1, "a"}
	got := [][]uint64{
		hashOf(keyInfoOf[int64](), unsafe.Pointer(&ints[0]), len(ints)),
		hashOf(keyInfoOf[string](), unsafe.Pointer(&strs[0]), len(strs)),
		hashOf(keyInfoOf[pair](), unsafe.Pointer(&pairs[0]), len(pairs)),
		hashOf(keyInfoOf[any](), unsafe.Pointer(&anys[0]), len(anys)),
	}
	want := [][]uint64{
		{0xe220a8397b1dcdaf, 0x910a2dec89025cc1, 0xe4d971771b652c20},
		{0xe220a8397b1dcdaf, 0x65d44b5d2479f265, 0xb9bdb0fcd9be71ce, 0x2ef02cb8f99f26db, 0xcab1c1d86cb6df5b},
		{0x71975840c4b72bea},
		{0xbf8136997ef3b16b, 0x2026fbbbfe69d59f},
	}
	if !slices.EqualFunc(got, want, slices.Equal[[]uint64]) {
		t.Errorf("hashes %#x, want %#x", got, want)
	}
}

func TestKeyKinds(t *testing.T) {
	type plain struct {
		A int32
		B uint32
	}
	type padded struct {
		A int8
		B int64
	}
	type withPtr struct {
		A int
		P *int
	}
	for _, c := range []struct {
		ki   *keyInfo
		want keyKind
	}{
		{keyInfoOf[bool](), keyBits8},
		{keyInfoOf[int16](), keyBits16},
		{keyInfoOf[rune](), keyBits32},
		{keyInfoOf[uintptr](), keyBits64},
		{keyInfoOf[float32](), keyFloat32},
		{keyInfoOf[float64](), keyFloat64},
		{keyInfoOf[string](), keyString},
		{keyInfoOf[[4]byte](), keyMem},
		{keyInfoOf[plain](), keyMem},
		{keyInfoOf[padded](), keyReflect},
		{keyInfoOf[complex64](), keyReflect},
		{keyInfoOf[any](), keyReflect},
		{keyInfoOf[[2]string](), keyReflect},
		{keyInfoOf[*int](), keyNone},
		{keyInfoOf[chan int](), keyChan},
		{keyInfoOf[<-chan int](), keyChan},
		{keyInfoOf[withPtr](), keyNone},
		{keyInfoOf[[1]*int](), keyNone},
	} {
		if c.ki.kind != c.want {
			t.Errorf("%s: kind %d, want %d", c.ki.t, c.ki.kind, c.want)
		}
	}
}
