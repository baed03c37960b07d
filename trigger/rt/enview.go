package rt

import "slices"

// enView is the goroutines a decision chooses among, in ID order: the
// enabled place of the enabled set, or a short list (a spinner, the
// test's end, a strategy's filter). Len, At and Has cost O(log n) at
// most; List copies it.
type enView struct {
	set  *ordset
	all  []*g // goroutines by ID-1, for set
	list []*g
}

// listView is the view of list.
func listView(list []*g) enView { return enView{list: list} }

func (e enView) Len() int {
	if e.set != nil {
		return e.set.n
	}
	return len(e.list)
}

// At returns the i-th goroutine in ID order.
func (e enView) At(i int) *g {
	if e.set != nil {
		return e.all[e.set.kth(i)-1]
	}
	return e.list[i]
}

// Has reports whether x is one of them.
func (e enView) Has(x *g) bool {
	if e.set != nil {
		return x.en.set == setEnabled
	}
	return slices.Contains(e.list, x)
}

// whole reports whether e is the enabled place (not a list).
func (e enView) whole() bool { return e.set != nil }

// List appends them to dst, in ID order.
func (e enView) List(dst []*g) []*g {
	if e.set != nil {
		return e.set.list(e.all, dst)
	}
	return append(dst, e.list...)
}
