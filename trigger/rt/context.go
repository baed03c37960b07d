package rt

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Contexts under control. A context made by an instrumented call
// (WithCancel, WithTimeout, WithDeadline and their Cause forms) is a vctx:
// its deadline is a timer on the virtual clock (clock.go), its cancellation
// is a scheduling point, and its Done channel is closed in the model, so
// the goroutines waiting on it are woken like those waiting on any closed
// channel. Cancellation reaches its children and the functions registered
// with context.AfterFunc (each on a new managed goroutine created at the
// AfterFunc call) within the same step.
//
// It holds across the standard library: a vctx implements the method
// context.AfterFunc and the standard library's own contexts use to follow
// a parent, so a context derived from a vctx by code that is not
// instrumented is cancelled with it, with the same Err and Cause; and a
// vctx derived from a context it does not know follows it with
// context.AfterFunc (its cancellation then comes from outside the
// scheduler).

// vctx is a cancellable context on the virtual clock.
type vctx struct {
	parent   context.Context
	vparent  *vctx // parent, if it is a vctx (ownVctx)
	sc       *sched
	site     *Site
	done     chan struct{}
	deadline time.Time
	hasDL    bool
	timer    *vtimer
	dlCause  error // WithDeadlineCause's cause
	// detach stops following a parent the scheduler does not know.
	detach func() bool
	// std is a standard library context cancelled with c's cause: it
	// answers the standard library's Value lookup of its own cancel
	// context (context.Cause, and its test for a parent it knows).
	std       context.Context
	stdCancel context.CancelCauseFunc

	mu       sync.Mutex // guards what follows: unmanaged code reads it too
	err      error
	cause    error
	children map[*vctx]struct{}
	funcs    map[*ctxFunc]struct{}
}

// ctxFunc is a function to run when a vctx is done: managed (from an
// instrumented context.AfterFunc: a new managed goroutine created at site
// on behalf of parent) or not (from the standard library, following the
// vctx: called in the cancelling step).
type ctxFunc struct {
	f       func()
	managed bool
	site    *Site
	parent  int
}

var errDeadline error = context.DeadlineExceeded

// vctxKey is the Value key under which a vctx returns itself.
var vctxKey int

// Deadline is the context's deadline on the virtual clock. In a replay,
// whose clock starts where the witness's run did (minutes or days ago),
// the standard library (net.Dialer, crypto/tls) gets it shifted by the
// time since, as the recorded run's dial got it then: else every dial
// with a deadline would fail at once, as past it in real time.
func (c *vctx) Deadline() (time.Time, bool) {
	if c.hasDL && c.sc.clock.replayShift != 0 && stdCaller() {
		return c.deadline.Add(c.sc.clock.replayShift), true
	}
	return c.deadline, c.hasDL
}

func (c *vctx) Done() <-chan struct{} { return c.done }

// stdSrc is the standard library's source directory as this binary's
// file names give it ("/usr/local/go/src/"; empty with -trimpath), read
// from a function of package context.
var stdSrc = func() string {
	fn := runtime.FuncForPC(reflect.ValueOf(context.Background).Pointer())
	if fn == nil {
		return ""
	}
	file, _ := fn.FileLine(fn.Entry())
	if dir, ok := strings.CutSuffix(file, "context/context.go"); ok && filepath.IsAbs(file) {
		return dir
	}
	return ""
}()

// stdCaller reports whether Deadline's caller is the standard library's
// code: a file under GOROOT, or, in a build with -trimpath, a package
// whose path's first element has no dot.
func stdCaller() bool {
	pc, file, _, ok := runtime.Caller(2)
	if !ok {
		return false
	}
	if stdSrc != "" && filepath.IsAbs(file) {
		return strings.HasPrefix(file, stdSrc)
	}
	fn := runtime.FuncForPC(pc)
	if fn == nil {
		return false
	}
	name := fn.Name() // "net.(*Dialer).DialContext", "example.com/p.F"
	dir, last := "", name
	if i := strings.LastIndex(name, "/"); i >= 0 {
		dir, last = name[:i+1], name[i+1:]
	}
	pkg, _, _ := strings.Cut(last, ".")
	first, _, _ := strings.Cut(dir+pkg, "/")
	return !strings.Contains(first, ".")
}

func (c *vctx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Value returns c for vctxKey, and for the standard library's key of its
// own cancel contexts the one in c.std, so that context.Cause finds c's
// cause (not an ancestor's) and the standard library's children follow c
// through its AfterFunc (that context's Done is not c's).
func (c *vctx) Value(key any) any {
	if key == &vctxKey {
		return c
	}
	if _, ok := key.(*int); ok {
		if v := c.std.Value(key); v != nil {
			return v
		}
	}
	return c.parent.Value(key)
}

func (c *vctx) String() string {
	if c.hasDL {
		return "context.WithDeadline(" + c.deadline.String() + ")"
	}
	return "context.WithCancel"
}

// AfterFunc arranges for f to be called when c is done: the method by
// which the standard library's contexts follow a parent they do not know.
func (c *vctx) AfterFunc(f func()) func() bool {
	cf := &ctxFunc{f: f}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		go f()
		return func() bool { return false }
	}
	c.funcs[cf] = struct{}{}
	c.mu.Unlock()
	return c.unregister(cf)
}

// unregister returns the stop function of cf.
func (c *vctx) unregister(cf *ctxFunc) func() bool {
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.funcs[cf]
		delete(c.funcs, cf)
		return ok
	}
}

// ownVctx returns the vctx ctx is, or derives from without a cancellable
// context in between (the standard library's test for its own contexts).
func ownVctx(ctx context.Context) *vctx {
	c, ok := ctx.Value(&vctxKey).(*vctx)
	if !ok || c.done != ctx.Done() {
		return nil
	}
	return c
}

// WithCancel is context.WithCancel.
func WithCancel(parent context.Context, s *Site) (context.Context, context.CancelFunc) {
	g := enter()
	if g == nil {
		return context.WithCancel(parent)
	}
	c := g.sc.newVctx(parent, s, g, time.Time{}, false, nil)
	return c, func() { c.cancelBy(context.Canceled, nil) }
}

// WithCancelCause is context.WithCancelCause.
func WithCancelCause(parent context.Context, s *Site) (context.Context, context.CancelCauseFunc) {
	g := enter()
	if g == nil {
		return context.WithCancelCause(parent)
	}
	c := g.sc.newVctx(parent, s, g, time.Time{}, false, nil)
	return c, func(cause error) { c.cancelBy(context.Canceled, cause) }
}

// WithTimeout is context.WithTimeout.
func WithTimeout(parent context.Context, d time.Duration, s *Site) (context.Context, context.CancelFunc) {
	return WithDeadline(parent, Now(s).Add(d), s)
}

// WithTimeoutCause is context.WithTimeoutCause.
func WithTimeoutCause(parent context.Context, d time.Duration, cause error, s *Site) (context.Context, context.CancelFunc) {
	return WithDeadlineCause(parent, Now(s).Add(d), cause, s)
}

// WithDeadline is context.WithDeadline.
func WithDeadline(parent context.Context, d time.Time, s *Site) (context.Context, context.CancelFunc) {
	return WithDeadlineCause(parent, d, nil, s)
}

// WithDeadlineCause is context.WithDeadlineCause.
func WithDeadlineCause(parent context.Context, d time.Time, cause error, s *Site) (context.Context, context.CancelFunc) {
	g := enter()
	if g == nil {
		return context.WithDeadlineCause(parent, d, cause)
	}
	c := g.sc.newVctx(parent, s, g, d, true, cause)
	return c, func() { c.cancelBy(context.Canceled, nil) }
}

// ContextAfterFunc is context.AfterFunc: f runs on a new managed goroutine
// created at s when ctx is done.
func ContextAfterFunc(ctx context.Context, f func(), s *Site) func() bool {
	g := enter()
	var c *vctx
	if g != nil {
		c = ownVctx(ctx)
	}
	if c == nil {
		return context.AfterFunc(ctx, f)
	}
	cf := &ctxFunc{f: f, managed: true, site: s, parent: g.id}
	sc := g.sc
	sc.mu.Lock()
	c.mu.Lock()
	done := c.err != nil
	if !done {
		c.funcs[cf] = struct{}{}
	}
	c.mu.Unlock()
	if done {
		sc.spawnFrom(g.id, s, f)
	}
	sc.mu.Unlock()
	return c.unregister(cf)
}

// Cause is context.Cause.
func Cause(ctx context.Context, s *Site) error {
	if c := ownVctx(ctx); c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.cause
	}
	return context.Cause(ctx)
}

// newVctx makes a vctx under parent, created at s by x, with a deadline
// (dl) if hasDL, following parent.
func (sc *sched) newVctx(parent context.Context, s *Site, x *g, dl time.Time, hasDL bool, cause error) *vctx {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	c := &vctx{parent: parent, sc: sc, site: s, done: make(chan struct{}),
		children: map[*vctx]struct{}{}, funcs: map[*ctxFunc]struct{}{}}
	c.std, c.stdCancel = context.WithCancelCause(context.Background())
	sc.mu.Lock()
	chanModel.of(sc).forget(chanKey(c.done)) // its address may be a collected channel's
	sc.mu.Unlock()
	c.deadline, c.hasDL = parent.Deadline()
	if hasDL && (!c.hasDL || dl.Before(c.deadline)) {
		c.deadline, c.hasDL = dl, true
	} else {
		hasDL = false // the parent's deadline comes first: it cancels c
	}
	// The parent is asked before taking sc.mu: a context of the user's
	// may run instrumented code.
	p := ownVctx(parent)
	pdone := parent.Done()
	if p == nil && pdone != nil {
		select {
		case <-pdone:
			err, pcause := parent.Err(), context.Cause(parent)
			sc.mu.Lock()
			sc.cancel(c, err, pcause)
			sc.mu.Unlock()
			return c
		default:
		}
		c.detach = context.AfterFunc(parent, func() {
			err, pcause := parent.Err(), context.Cause(parent)
			sc.mu.Lock()
			sc.cancel(c, err, pcause)
			sc.mu.Unlock()
		})
	}
	c.vparent = p
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if p != nil {
		p.mu.Lock()
		err, pcause := p.err, p.cause
		if err == nil {
			p.children[c] = struct{}{}
		}
		p.mu.Unlock()
		if err != nil {
			sc.cancel(c, err, pcause)
			return c
		}
	}
	if hasDL {
		w := sc.clock.virtual(dl)
		if w <= sc.clock.now {
			sc.cancel(c, errDeadline, cause)
			return c
		}
		t := newTimer(timerCtx, s, x)
		t.ctx = c
		c.timer = t
		sc.clock.arm(t, w)
		c.dlCause = cause
	}
	return c
}

// cancelBy is a cancel function's call: a scheduling point for a managed
// goroutine.
func (c *vctx) cancelBy(err, cause error) {
	if g := enter(); g != nil {
		g.do(opCancel, c.site, cancelReq{c, err, cause})
		return
	}
	c.sc.mu.Lock()
	c.sc.cancel(c, err, cause)
	c.sc.mu.Unlock()
}

// cancelReq is an opCancel's object.
type cancelReq struct {
	c          *vctx
	err, cause error
}

var opCancel = newKind(kindDef{name: "Cancel", flags: always, explore: (*explorer).didCancel, exec: func(sc *sched, x *g) bool {
	r := x.op.obj.(cancelReq)
	sc.cancel(r.c, r.err, r.cause)
	return true
}})

// cancel cancels c with err and cause (nil: err, or for a deadline the
// cause given when c was made) and its children, closes its Done channel
// in the model and runs its functions. Called with sc.mu held.
func (sc *sched) cancel(c *vctx, err, cause error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	if errors.Is(err, context.DeadlineExceeded) && cause == nil {
		cause = c.dlCause
	}
	if cause == nil {
		cause = err
	}
	c.err, c.cause = err, cause
	c.stdCancel(cause)
	close(c.done)
	kids := c.children
	funcs := c.funcs
	c.children, c.funcs = nil, nil
	c.mu.Unlock()
	st := chanModel.of(sc).get(chanKey(c.done))
	st.closed = true
	st.waiters.wakeAll(&sc.set)
	if c.timer != nil {
		sc.clock.disarm(c.timer)
	}
	if c.detach != nil {
		c.detach()
	}
	if p := c.vparent; p != nil {
		p.mu.Lock()
		delete(p.children, c)
		p.mu.Unlock()
	}
	for k := range kids {
		sc.cancel(k, err, cause)
	}
	for cf := range funcs {
		if cf.managed {
			sc.spawnFrom(cf.parent, cf.site, cf.f)
		} else {
			cf.f() // the standard library's: cancels its context
		}
	}
	if len(funcs) > 0 {
		sc.sweep() // waiters on contexts the model does not know
	}
}
