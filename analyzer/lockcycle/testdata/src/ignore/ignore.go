package ignore // want package:"lockcycle\\(edges .*\\)"

import "sync"

var a, b, c, d sync.Mutex

func ab() {
	a.Lock()
	b.Lock() //lockcycle:ignore b is only taken here during shutdown, when ba cannot run
	b.Unlock()
	a.Unlock()
}

func ba() {
	b.Lock()
	a.Lock()
	a.Unlock()
	b.Unlock()
}

func cd() {
	c.Lock()
	d.Lock() //lockcycle:ignore // want `lockcycle:ignore needs a reason`
	d.Unlock()
	c.Unlock()
}

func dc() {
	d.Lock()
	c.Lock()
	c.Unlock()
	d.Unlock()
}
