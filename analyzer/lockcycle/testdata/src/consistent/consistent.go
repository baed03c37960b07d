package consistent // want package:"lockcycle\\(edges .*\\)"

// consistent always takes a before b, through calls too.

import "sync"

type T struct{ a, b sync.Mutex }

func (t *T) one() {
	t.a.Lock()
	defer t.a.Unlock()
	t.lockedB()
}

func (t *T) lockedB() {
	t.b.Lock()
	defer t.b.Unlock()
}

func (t *T) two() {
	t.a.Lock()
	t.b.Lock()
	t.b.Unlock()
	t.a.Unlock()
}

// released takes b only after releasing a, then a after releasing b: no
// lock is held across the next acquisition.
func (t *T) released() {
	t.b.Lock()
	t.b.Unlock()
	t.a.Lock()
	t.a.Unlock()
}
