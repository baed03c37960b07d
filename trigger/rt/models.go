package rt

import "unsafe"

// The primitives' models of the synchronization objects (the mutexes'
// holders, the channels' waiters, the WaitGroups' counters, …) live with
// their primitives: each primitive's file registers its model (newModel)
// as the package's variables are initialized, and the scheduler makes one
// of each when it starts, without knowing what they are. A primitive
// reaches its own through the handle newModel returned (of). The virtual
// clock is not among them: every decision advances it (sched.clock).

// models are the scheduler's instances of the registered models, by slot.
type models struct {
	slots [maxModels]unsafe.Pointer
}

// maxModels bounds the registered models; a power of two, so that a slot
// is masked into range instead of checked.
const maxModels = 16

// modelMakers make each registered model for a new scheduler.
var modelMakers []func(sc *sched) unsafe.Pointer

// model is the handle of a registered model of type T.
type model[T any] struct{ slot uint8 }

// newModel registers a primitive's model of type T, made by make for each
// scheduler (nil: T's zero value), and returns its handle.
func newModel[T any](make func(sc *sched) *T) model[T] {
	if len(modelMakers) == maxModels {
		panic("invariant violation: rt: too many primitive models")
	}
	if make == nil {
		make = func(*sched) *T { return new(T) }
	}
	modelMakers = append(modelMakers, func(sc *sched) unsafe.Pointer { return unsafe.Pointer(make(sc)) })
	return model[T]{slot: uint8(len(modelMakers) - 1)}
}

// makeModels makes sc's instance of every registered model.
func (sc *sched) makeModels() {
	for i, mk := range modelMakers {
		sc.models.slots[i] = mk(sc)
	}
}

// of returns sc's instance of the model.
func (m model[T]) of(sc *sched) *T {
	return (*T)(sc.models.slots[m.slot&(maxModels-1)])
}
