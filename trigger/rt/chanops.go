package rt

import (
	"reflect"
	"time"
	"unsafe"
)

// chanOps is the type-erased view of a channel the scheduler works with.
type chanOps interface {
	key() uintptr // identity of the channel; 0 for nil
	len() int
	cap() int
	// trySend sends v without blocking; p is the panic value if the
	// channel is closed.
	trySend(v any) (ok bool, p any)
	// tryRecv receives without blocking: ready reports whether it did.
	tryRecv() (v any, ok, ready bool)
	// store writes v (nil: the zero value) into dst, a *T.
	store(dst, v any)
	reflectValue() reflect.Value
	// timer reports whether the elements are time.Time: probably a timer's
	// channel, fed from outside the scheduler.
	timer() bool
}

// chanOf wraps a bidirectional channel; directional channels share its
// representation.
type chanOf[T any] struct{ c chan T }

func sendChan[T any](ch chan<- T) chan T { return *(*chan T)(unsafe.Pointer(&ch)) }
func recvChan[T any](ch <-chan T) chan T { return *(*chan T)(unsafe.Pointer(&ch)) }

// caseOf is a select case on ch, its identity and capacity read once.
func caseOf[T any](ch chan T, send bool) SelectCase {
	return SelectCase{c: chanOf[T]{ch}, k: *(*uintptr)(unsafe.Pointer(&ch)), size: cap(ch), send: send}
}

func (c chanOf[T]) key() uintptr { return *(*uintptr)(unsafe.Pointer(&c.c)) }
func (c chanOf[T]) len() int     { return len(c.c) }
func (c chanOf[T]) cap() int     { return cap(c.c) }

func (c chanOf[T]) trySend(v any) (ok bool, p any) {
	defer func() {
		if r := recover(); r != nil {
			ok, p = false, r
		}
	}()
	select {
	case c.c <- as[T](v):
		return true, nil
	default:
		return false, nil
	}
}

func (c chanOf[T]) tryRecv() (any, bool, bool) {
	select {
	case v, ok := <-c.c:
		return v, ok, true
	default:
		return nil, false, false
	}
}

func (c chanOf[T]) store(dst, v any) {
	if dst != nil {
		*dst.(*T) = as[T](v)
	}
}

func (c chanOf[T]) reflectValue() reflect.Value { return reflect.ValueOf(c.c) }

func (c chanOf[T]) timer() bool { _, ok := any(c.c).(chan time.Time); return ok }

// as converts a boxed value back to T; nil is T's zero value.
func as[T any](v any) T {
	if v == nil {
		var z T
		return z
	}
	return v.(T)
}

// chanKey is the model's key of channel ch.
func chanKey[T any](ch chan T) uintptr { return *(*uintptr)(unsafe.Pointer(&ch)) }
