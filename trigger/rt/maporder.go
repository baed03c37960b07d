package rt

import (
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// Map order (CONTRACT.md §3): a range over a map, maps.Keys, maps.Values,
// maps.All and (*sync.Map).Range in instrumented code iterate in an order
// drawn by the scheduler (draw.go). The keys are snapshot and put in a
// canonical order that depends on their values only (sorted by a hash of
// our own, the same in every process: not Go's iteration order, not
// hash/maphash); the draw takes it, its reverse or a pseudo-random order
// derived from it, so a replay in another process gets the same order.
// As in a plain range, an entry deleted before it is reached is skipped
// and the value is the current one (looked up when reached, unless the
// rewriter saw that the loop changes no map: MapRangeRO); an entry added
// during the range is not produced. Channels are ordered by the order
// they were made in (MadeChan). Keys with no such order (pointers,
// channels made outside the scheduler's order, interfaces holding them,
// NaNs) keep the snapshot's order, Go's, with a warning. Outside a
// managed goroutine the range is the snapshot in Go's order.

// MapIter ranges over a map (MapRange); nil for a map of at most one
// entry.
type MapIter[K comparable, V any] struct {
	m       map[K]V
	keys    []K     // the snapshot
	vals    []V     // with the keys if ro
	order   []int32 // keys' indices in the drawn order, if ordered
	ro      bool    // the loop changes no map: vals holds the values
	ordered bool    // else the snapshot's order
	i       int
	nan     *nanIter[K, V] // a map with NaN keys: Go's own iteration
	pool    *sync.Pool     // where it goes back at the end
}

// MapRange starts a range over m at s: the iterator, the first key and
// value, and whether there is one. `for k, v := range m {` is rewritten as
// `for it, k, v, ok := MapRange(m, s); ok; k, v, ok = it.Next() {`.
func MapRange[M ~map[K]V, K comparable, V any](m M, s *Site) (*MapIter[K, V], K, V, bool) {
	return mapRange(m, s, false)
}

// MapRangeRO is MapRange for a loop whose body changes the map only
// after it.MayChange() (the rewriter marks each statement that may): the
// values are taken with the keys and looked up only from then on.
func MapRangeRO[M ~map[K]V, K comparable, V any](m M, s *Site) (*MapIter[K, V], K, V, bool) {
	return mapRange(m, s, true)
}

func mapRange[K comparable, V any](m map[K]V, s *Site, ro bool) (*MapIter[K, V], K, V, bool) {
	if len(m) <= 1 { // nothing to order
		for k, v := range m {
			return nil, k, v, true
		}
		var k K
		var v V
		return nil, k, v, false
	}
	return rangeFor(managed(), m, s, ro)
}

// rangeFor starts a range over m, of at least two entries, for x (nil:
// not managed).
func rangeFor[K comparable, V any](x *g, m map[K]V, s *Site, ro bool) (*MapIter[K, V], K, V, bool) {
	it := newMapIter(m)
	it.start(x, s, ro)
	k, v, ok := it.Next()
	return it, k, v, ok
}

// MayChange says the loop's body may change the map from here on: each
// entry's value is looked up when it is reached (and a deleted one
// skipped), no longer taken from the snapshot.
func (it *MapIter[K, V]) MayChange() {
	if it != nil {
		it.ro = false
	}
}

// Next returns the next entry still in the map, or false at the end. Its
// usual case, an entry of a drawn order, is small enough to be inlined.
func (it *MapIter[K, V]) Next() (K, V, bool) {
	if it != nil && it.i < len(it.order) {
		j := it.order[it.i]
		it.i++
		if it.ro {
			return it.keys[j], it.vals[j], true
		}
		if v, ok := it.m[it.keys[j]]; ok {
			return it.keys[j], v, true
		}
	}
	return it.next()
}

// next is Next's other cases: the snapshot's order, a deleted entry, the
// end.
func (it *MapIter[K, V]) next() (K, V, bool) {
	if it != nil { // nil: a map of at most one entry
		for it.i < len(it.keys) {
			j := it.i
			it.i++
			if it.ordered {
				j = int(it.order[j])
			}
			if it.ro {
				return it.keys[j], it.vals[j], true
			}
			k := it.keys[j]
			if v, ok := it.m[k]; ok {
				return k, v, true
			}
			if k != k && len(it.vals) > 0 { // a NaN, which no lookup finds
				return k, it.vals[j], true
			}
		}
		if it.nan != nil {
			if k, v, ok := it.nan.next(); ok {
				return k, v, true
			}
		}
		if it.m != nil { // else ended already
			it.release()
		}
	}
	var k K
	var v V
	return k, v, false
}

// start snapshots the entries (the keys, and the values if ro) and, for a
// managed goroutine x, draws their order.
func (it *MapIter[K, V]) start(x *g, s *Site, ro bool) {
	n, info := len(it.m), keyInfoOf[K]()
	keys, vals, nan := grow(&it.keys, n)[:0], it.vals[:0], false
	if ro {
		vals = grow(&it.vals, n)[:0]
	}
	switch { // k != k: a NaN, which no lookup finds
	case ro && info.mayNaN:
		for k, v := range it.m {
			keys, vals = append(keys, k), append(vals, v)
			nan = nan || k != k
		}
	case ro:
		for k, v := range it.m {
			keys, vals = append(keys, k), append(vals, v)
		}
	case info.mayNaN:
		for k := range it.m {
			keys = append(keys, k)
			nan = nan || k != k
		}
	default:
		for k := range it.m {
			keys = append(keys, k)
		}
	}
	it.keys, it.vals, it.ro = keys, vals, ro
	if nan {
		if x != nil {
			x.uncontrolledOrder(s, info.t.String()+", one of them NaN")
		}
		if !ro { // Go's own iteration
			clear(keys)
			it.keys, it.nan = keys[:0], newNaNIter(it.m)
		}
		return
	}
	if x != nil && len(keys) >= 2 {
		it.order = grow(&it.order, len(keys))
		if it.ordered = x.mapOrder(info, unsafe.Pointer(&keys[0]), len(keys), s, it.order); !it.ordered {
			it.order = it.order[:0] // Next's inlined case reads order only
		}
	}
}

var iterPools sync.Map // *MapIter[K, V]'s type → *sync.Pool of them

// newMapIter returns an iterator over m from its type's pool.
func newMapIter[K comparable, V any](m map[K]V) *MapIter[K, V] {
	t := reflect.TypeOf((*MapIter[K, V])(nil))
	p, ok := iterPools.Load(t)
	if !ok {
		p, _ = iterPools.LoadOrStore(t, &sync.Pool{New: func() any { return new(MapIter[K, V]) }})
	}
	pool := p.(*sync.Pool)
	it := pool.Get().(*MapIter[K, V])
	it.m, it.pool = m, pool
	return it
}

// release ends the range: the iterator goes back to its pool, its
// arrays cleared (they may hold pointers).
func (it *MapIter[K, V]) release() {
	clear(it.keys) // what lies beyond was cleared before
	clear(it.vals)
	*it = MapIter[K, V]{keys: it.keys[:0], vals: it.vals[:0], order: it.order[:0], pool: it.pool}
	it.pool.Put(it)
}

// nanIter is Go's own, resumable, iteration over a map (reflect's).
type nanIter[K comparable, V any] struct {
	r      reflect.MapIter
	k      K
	v      V
	kv, vv reflect.Value
}

func newNaNIter[K comparable, V any](m map[K]V) *nanIter[K, V] {
	it := &nanIter[K, V]{}
	it.r.Reset(reflect.ValueOf(m))
	it.kv, it.vv = reflect.ValueOf(&it.k).Elem(), reflect.ValueOf(&it.v).Elem()
	return it
}

func (it *nanIter[K, V]) next() (K, V, bool) {
	if !it.r.Next() {
		var k K
		var v V
		return k, v, false
	}
	it.kv.SetIterKey(&it.r)
	it.vv.SetIterValue(&it.r)
	return it.k, it.v, true
}

// managed is enter without counting a plain run's operation: a map's order
// is no scheduling point.
func managed() *g {
	if active() == nil {
		return nil
	}
	return enter()
}

// MapKeys is maps.Keys(m) at s: its keys in the drawn order.
func MapKeys[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(K) bool) {
	all := MapAll(m, s)
	return func(yield func(K) bool) { all(func(k K, _ V) bool { return yield(k) }) }
}

// MapValues is maps.Values(m) at s.
func MapValues[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(V) bool) {
	all := MapAll(m, s)
	return func(yield func(V) bool) { all(func(_ K, v V) bool { return yield(v) }) }
}

// MapAll is maps.All(m) at s; each iteration of it draws its order.
func MapAll[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(K, V) bool) {
	return func(yield func(K, V) bool) {
		x := managed()
		if x == nil || len(m) <= 1 {
			for k, v := range m {
				if !yield(k, v) {
					return
				}
			}
			return
		}
		for it, k, v, ok := rangeFor(x, m, s, false); ok; k, v, ok = it.Next() {
			if !yield(k, v) {
				return
			}
		}
	}
}

// SyncMapRange is m.Range(f) at s: the keys its own Range gives, in the
// drawn order, each still present (Load) with its current value.
func SyncMapRange(m *sync.Map, f func(key, value any) bool, s *Site) {
	x := managed()
	if x == nil {
		m.Range(f)
		return
	}
	var keys []any
	nan := false
	m.Range(func(k, _ any) bool {
		keys = append(keys, k)
		nan = nan || k != k
		return true
	})
	if nan {
		x.uncontrolledOrder(s, "any, one of them NaN")
		m.Range(f)
		return
	}
	var order []int32
	if len(keys) >= 2 {
		order = make([]int32, len(keys))
		if !x.mapOrder(keyInfoOf[any](), unsafe.Pointer(&keys[0]), len(keys), s, order) {
			order = nil
		}
	}
	for i := range keys {
		j := i
		if order != nil {
			j = int(order[i])
		}
		if v, ok := m.Load(keys[j]); ok && !f(keys[j], v) {
			return
		}
	}
}

// uncontrolledOrder warns, once per site and type, that the map order at s
// is Go's: a replay may not give it back.
func (x *g) uncontrolledOrder(s *Site, keys string) {
	sc := x.sc
	msg := fmt.Sprintf("map order at %s not under control (keys of type %s)", s, keys)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.warnOnce(msg)
	if sc.expl != nil {
		sc.expl.unexplored(msg)
	}
}

// mapOrder fills order with the order in which x visits the n ≥ 2 keys
// at p (of type info.t) at s: their canonical order, its reverse, or a
// pseudo-random one, as drawn. It returns false (the snapshot's order
// then) with a warning when the keys have no canonical order.
func (x *g) mapOrder(info *keyInfo, p unsafe.Pointer, n int, s *Site, order []int32) bool {
	sb := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sb)
	h := grow(&sb.h, n)
	var tie func(i, j int32) int
	if info.kind == keyString || info.kind == keyMem {
		tie = func(i, j int32) int { return compareKeys(info, p, i, j) }
	}
	// About two buckets per key: fewer keys share one.
	sort := func() {
		canonical(h, order, grow(&sb.cnt, 2<<bits.Len(uint(n-1))+1), tie)
	}
	var bad string
	switch {
	case info.kind == keyChan:
		if !x.chanHashes(p, n, h) {
			bad = info.t.String() + ", one of them made outside the scheduler's order"
		}
	case n > maxPermChoice && info.kind != keyNone && info.kind != keyReflect:
		// These keys always hash: draw first, and hash mixed with the
		// draw in one pass.
		v := x.drawOrder(srcMap, s, n)
		seed := uint64(0)
		if v >= 2 { // sorted by the hashes mixed with the draw
			seed = v
		}
		info.hash(p, n, h, seed)
		sort()
		if v == 1 {
			slices.Reverse(order)
		}
		return true
	default:
		bad = info.hash(p, n, h, 0)
	}
	if bad != "" {
		x.uncontrolledOrder(s, bad)
		return false
	}
	if n <= maxPermChoice { // a choice the explorer counts: drawPerm's
		sort()
		perm := grow(&sb.perm, n)
		x.drawPerm(srcMap, s, perm)
		var canon [maxPermChoice]int32
		copy(canon[:], order)
		for i, j := range perm {
			order[i] = canon[j]
		}
		return true
	}
	v := x.drawOrder(srcMap, s, n) // keys hashed through reflect, or channels
	if v >= 2 {
		for i, w := range h {
			h[i] = mix64(w ^ v)
		}
	}
	sort()
	if v == 1 {
		slices.Reverse(order)
	}
	return true
}

// chanHashes fills h with the hashes of the numbers of the n channels at
// p (MadeChan) and reports true, or false if one has none: it was made
// before the test, by a goroutine outside the scheduler or by code not
// instrumented.
func (x *g) chanHashes(p unsafe.Pointer, n int, h []uint64) bool {
	sc := x.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	cs := chanModel.of(sc)
	for i, k := range unsafe.Slice((*uintptr)(p), n) {
		if k == 0 {
			return false // nil: one key at most, but no number
		}
		seq := cs.get(k).seq
		if seq == 0 {
			return false
		}
		h[i] = mix64(seq)
	}
	return true
}

// canonical fills ord with the indices of h sorted by h (equal hashes by
// tie, if not nil), in O(n) for well spread hashes: a counting sort by
// the top bits into len(cnt)-1 (a power of two) buckets, then insertion
// within each bucket.
func canonical(h []uint64, ord, cnt []int32, tie func(i, j int32) int) {
	n := len(h)
	shift := 64 - (bits.Len(uint(len(cnt)-1)) - 1)
	clear(cnt)
	for _, v := range h {
		cnt[v>>shift+1]++
	}
	sum := int32(0) // in a register: no store forwarded to the next load
	for i, c := range cnt {
		sum += c
		cnt[i] = sum
	}
	for i, v := range h {
		b := v >> shift
		ord[cnt[b]] = int32(i)
		cnt[b]++
	}
	last := h[ord[0]] // the greatest hash placed
	for i := 1; i < n; i++ {
		o := ord[i]
		v := h[o]
		if last < v { // the usual case: another bucket
			last = v
			continue
		}
		j := i
		for ; j > 0; j-- {
			p := ord[j-1]
			if w := h[p]; w < v || w == v && (tie == nil || tie(p, o) <= 0) {
				break
			}
			ord[j] = p
		}
		ord[j] = o
	}
}

// scratch holds mapOrder's working arrays.
type scratch struct {
	h    []uint64
	cnt  []int32
	perm []int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// grow returns (*b)[:n], reallocated if too short.
func grow[T any](b *[]T, n int) []T {
	if cap(*b) < n {
		*b = make([]T, n)
	}
	return (*b)[:n]
}

// keyKind is how a key type's canonical hash is computed.
type keyKind uint8

const (
	keyNone    keyKind = iota // no order the same in every process
	keyBits8                  // integers and bools, by size
	keyBits16                 //
	keyBits32                 //
	keyBits64                 //
	keyFloat32                //
	keyFloat64                //
	keyString                 //
	keyMem                    // arrays and structs of integers without padding: their bytes
	keyReflect                // other arrays, structs, interfaces: through reflect, key by key
	keyChan                   // channels: by the order they were made in (MadeChan), if they were
)

// keyInfo is what a key type's map order needs, computed once per type.
type keyInfo struct {
	t      reflect.Type
	kind   keyKind
	size   uintptr
	mayNaN bool // a key may hold a float (or an interface: anything)
}

var keyInfos sync.Map // reflect.Type → *keyInfo

func keyInfoOf[K comparable]() *keyInfo {
	t := reflect.TypeOf((*K)(nil)).Elem() // reflect.TypeFor needs go 1.22
	if ki, ok := keyInfos.Load(t); ok {
		return ki.(*keyInfo)
	}
	ki, _ := keyInfos.LoadOrStore(t, newKeyInfo(t))
	return ki.(*keyInfo)
}

func newKeyInfo(t reflect.Type) *keyInfo {
	ki := &keyInfo{t: t, size: t.Size(), mayNaN: mayNaN(t)}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		ki.kind = map[uintptr]keyKind{1: keyBits8, 2: keyBits16, 4: keyBits32, 8: keyBits64}[t.Size()]
	case reflect.Float32:
		ki.kind = keyFloat32
	case reflect.Float64:
		ki.kind = keyFloat64
	case reflect.String:
		ki.kind = keyString
	case reflect.Chan:
		ki.kind = keyChan
	default:
		switch {
		case !ordered(t):
			ki.kind = keyNone
		case plainBytes(t):
			ki.kind = keyMem
		default:
			ki.kind = keyReflect
		}
	}
	return ki
}

// ordered reports whether t's values may have an order the same in every
// process (for an interface: if the values it holds have one).
func ordered(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Chan, reflect.UnsafePointer, reflect.Func, reflect.Map, reflect.Slice:
		return false
	case reflect.Array:
		return t.Len() == 0 || ordered(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.Name != "_" && !ordered(f.Type) {
				return false
			}
		}
	}
	return true
}

// mayNaN reports whether t's values may hold a float (compared, so not in
// a blank field).
func mayNaN(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.Interface:
		return true
	case reflect.Array:
		return t.Len() > 0 && mayNaN(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.Name != "_" && mayNaN(f.Type) {
				return true
			}
		}
	}
	return false
}

// plainBytes reports whether t's values are equal exactly when their
// bytes are: integers and bools, in arrays and structs without padding.
func plainBytes(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return plainBytes(t.Elem())
	case reflect.Struct:
		var size uintptr
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Name == "_" || f.Offset != size || !plainBytes(f.Type) {
				return false
			}
			size += f.Type.Size()
		}
		return size == t.Size()
	}
	return false
}

// hash fills h with the canonical hashes of the n keys at p, mixed with
// seed unless 0, or says why they have none ("T", or "T holding U").
func (ki *keyInfo) hash(p unsafe.Pointer, n int, h []uint64, seed uint64) string {
	switch ki.kind {
	case keyBits8:
		for i, k := range unsafe.Slice((*uint8)(p), n) {
			h[i] = mix64(uint64(k) ^ seed)
		}
	case keyBits16:
		for i, k := range unsafe.Slice((*uint16)(p), n) {
			h[i] = mix64(uint64(k) ^ seed)
		}
	case keyBits32:
		for i, k := range unsafe.Slice((*uint32)(p), n) {
			h[i] = mix64(uint64(k) ^ seed)
		}
	case keyBits64:
		for i, k := range unsafe.Slice((*uint64)(p), n) {
			h[i] = mix64(k ^ seed)
		}
	case keyFloat32: // -0 and +0 are one key: the map holds one of them
		for i, k := range unsafe.Slice((*float32)(p), n) {
			h[i] = mix64(uint64(math.Float32bits(k)) ^ seed)
		}
	case keyFloat64:
		for i, k := range unsafe.Slice((*float64)(p), n) {
			h[i] = mix64(math.Float64bits(k) ^ seed)
		}
	case keyString:
		for i, k := range unsafe.Slice((*string)(p), n) {
			h[i] = strHash(k, seed)
		}
	case keyMem:
		for i := range h {
			h[i] = strHash(unsafe.String((*byte)(unsafe.Add(p, uintptr(i)*ki.size)), ki.size), seed)
		}
	case keyReflect:
		for i := range h {
			v := reflect.NewAt(ki.t, unsafe.Add(p, uintptr(i)*ki.size)).Elem()
			var bad reflect.Type
			if h[i], bad = hashValue(seed, v); bad != nil {
				return ki.t.String() + " holding " + bad.String()
			}
		}
	default:
		return ki.t.String()
	}
	return ""
}

// compareKeys orders the keys i and j at p of a string or plain-bytes
// type (equal hashes).
func compareKeys(ki *keyInfo, p unsafe.Pointer, i, j int32) int {
	var a, b string
	if ki.kind == keyString {
		a, b = *(*string)(unsafe.Add(p, uintptr(i)*ki.size)), *(*string)(unsafe.Add(p, uintptr(j)*ki.size))
	} else {
		a = unsafe.String((*byte)(unsafe.Add(p, uintptr(i)*ki.size)), ki.size)
		b = unsafe.String((*byte)(unsafe.Add(p, uintptr(j)*ki.size)), ki.size)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// hashValue mixes v's canonical hash into h; it returns the type of a
// value inside v that has none (a pointer in an interface).
func hashValue(h uint64, v reflect.Value) (uint64, reflect.Type) {
	switch v.Kind() {
	case reflect.Bool:
		b := uint64(0)
		if v.Bool() {
			b = 1
		}
		return mix64(h ^ b), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return mix64(h ^ uint64(v.Int())), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return mix64(h ^ v.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return mix64(h ^ math.Float64bits(v.Float())), nil
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return mix64(mix64(h^math.Float64bits(real(c))) ^ math.Float64bits(imag(c))), nil
	case reflect.String:
		return mix64(h ^ strHash(v.String(), 0)), nil
	case reflect.Array:
		var bad reflect.Type
		for i := 0; i < v.Len() && bad == nil; i++ {
			h, bad = hashValue(h, v.Index(i))
		}
		return h, bad
	case reflect.Struct:
		var bad reflect.Type
		t := v.Type()
		for i := 0; i < v.NumField() && bad == nil; i++ {
			if t.Field(i).Name != "_" {
				h, bad = hashValue(h, v.Field(i))
			}
		}
		return h, bad
	case reflect.Interface:
		if v.IsNil() {
			return mix64(h ^ 0x1f), nil
		}
		e := v.Elem()
		if !ordered(e.Type()) {
			return h, e.Type()
		}
		return hashValue(mix64(h^typeHash(e.Type())), e)
	}
	return h, v.Type()
}

var typeHashes sync.Map // reflect.Type → uint64

// typeHash hashes a dynamic type by its package path and name.
func typeHash(t reflect.Type) uint64 {
	if h, ok := typeHashes.Load(t); ok {
		return h.(uint64)
	}
	h := strHash(t.PkgPath()+" "+t.String(), 0)
	typeHashes.Store(t, h)
	return h
}

// mix64 is splitmix64's finalizer: a bijection, so distinct integer keys
// never tie.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// strHash hashes s eight bytes at a time, a short one in one word, read
// little-endian whatever the machine, then mixes; seed starts it.
func strHash(s string, seed uint64) uint64 {
	n := len(s)
	h := uint64(n)*0x9e3779b97f4a7c15 ^ seed
	var w uint64
	switch {
	case n > 8:
		last := s[n-8:] // overlaps the words before
		for ; len(s) > 8; s = s[8:] {
			h = (h ^ le64(s)) * 0xbf58476d1ce4e5b9
			h ^= h >> 29
		}
		w = le64(last)
	case n == 8:
		w = le64(s)
	case n >= 4:
		w = le32(s) | le32(s[n-4:])<<32
	case n > 0:
		w = uint64(s[0]) | uint64(s[n>>1])<<8 | uint64(s[n-1])<<16
	}
	return mix64(h ^ w)
}

func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}
