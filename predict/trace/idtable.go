package trace

// denseIDs is how many ids an idTable keeps in a slice; larger ids, which a
// well-formed trace rarely has, go to a map so that a corrupt id cannot make
// the table allocate a huge slice.
const denseIDs = 1 << 16

// idTable maps small non-negative ids to values.
type idTable[T any] struct {
	dense  []T
	ok     []bool
	sparse map[int]T
}

func (t *idTable[T]) get(id int) (T, bool) {
	if id >= 0 && id < len(t.dense) && t.ok[id] {
		return t.dense[id], true
	}
	v, ok := t.sparse[id]
	return v, ok
}

func (t *idTable[T]) has(id int) bool {
	_, ok := t.get(id)
	return ok
}

func (t *idTable[T]) set(id int, v T) {
	if id < 0 || id >= denseIDs {
		if t.sparse == nil {
			t.sparse = make(map[int]T)
		}
		t.sparse[id] = v
		return
	}
	for id >= len(t.dense) {
		var zero T
		t.dense = append(t.dense, zero)
		t.ok = append(t.ok, false)
	}
	t.dense[id], t.ok[id] = v, true
}

func (t *idTable[T]) reset() {
	clear(t.dense)
	clear(t.ok)
	t.dense, t.ok = t.dense[:0], t.ok[:0]
	t.sparse = nil
}
