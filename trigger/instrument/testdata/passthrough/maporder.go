package rt

import (
	"reflect"
	"sync"
)

// Map order (CONTRACT.md section 3): Go's own iteration.

type MapIter[K comparable, V any] struct {
	r    reflect.MapIter
	k    K
	v    V
	kv   reflect.Value
	vv   reflect.Value
	done bool
}

func MapRange[M ~map[K]V, K comparable, V any](m M, s *Site) (*MapIter[K, V], K, V, bool) {
	it := &MapIter[K, V]{}
	it.r.Reset(reflect.ValueOf(map[K]V(m)))
	it.kv, it.vv = reflect.ValueOf(&it.k).Elem(), reflect.ValueOf(&it.v).Elem()
	k, v, ok := it.Next()
	return it, k, v, ok
}

func MapRangeRO[M ~map[K]V, K comparable, V any](m M, s *Site) (*MapIter[K, V], K, V, bool) {
	return MapRange(m, s)
}

func (it *MapIter[K, V]) MayChange() {}

func (it *MapIter[K, V]) Next() (K, V, bool) {
	if !it.r.Next() {
		var k K
		var v V
		return k, v, false
	}
	it.kv.SetIterKey(&it.r)
	it.vv.SetIterValue(&it.r)
	return it.k, it.v, true
}

func MapKeys[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func MapValues[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(V) bool) {
	return func(yield func(V) bool) {
		for _, v := range m {
			if !yield(v) {
				return
			}
		}
	}
}

func MapAll[M ~map[K]V, K comparable, V any](m M, s *Site) func(yield func(K, V) bool) {
	return func(yield func(K, V) bool) {
		for k, v := range m {
			if !yield(k, v) {
				return
			}
		}
	}
}

func SyncMapRange(m *sync.Map, f func(key, value any) bool, s *Site) { m.Range(f) }
