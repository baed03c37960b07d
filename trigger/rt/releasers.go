package rt

import (
	"slices"
	"strings"
	"sync"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// Release hints for leak findings: a goroutine left blocked on a channel,
// a WaitGroup or a Cond is shown with the sites that would have released
// it — the close of, or a send on, the channel it receives from, a Done
// of its WaitGroup, a Signal of its Cond — found by name (Site.Obj) among
// the site tables of the instrumented packages, each with whether the run
// reached it. A reader tells "the test never called Stop" from "nothing
// releases it" by them.

var siteTables struct {
	sync.Mutex
	all [][]Site
}

// RegisterSites records a package's site table; its init calls it.
func RegisterSites(t []Site) {
	siteTables.Lock()
	siteTables.all = append(siteTables.all, t)
	siteTables.Unlock()
}

// releasingOps are, per blocked operation, the operations on the same
// object that can release it; a select releases either side.
var releasingOps = map[string][]string{
	"send":     {"Recv", "Recv2", "Range", "Select"},
	"recv":     {"Send", "Close", "Select"},
	"WGWait":   {"WGDone", "WGAdd"},
	"CondWait": {"CondSignal", "CondBroadcast"},
}

// releasers lists the sites that would release x's wait; nil when its
// operation or object has no name.
func (x *g) releasers() []wire.Release {
	s := x.op.site
	if s == nil || s.Obj == "" {
		return nil
	}
	type want struct{ obj, side string }
	var ws []want
	switch s.Op {
	case "WGWait", "CondWait":
		ws = append(ws, want{s.Obj, s.Op})
	case "Send", "Recv", "Recv2", "Range", "Select":
		objs := strings.Split(s.Obj, "|")
		for i, c := range x.op.cases {
			if i < len(objs) && objs[i] != "" {
				side := "recv"
				if c.send {
					side = "send"
				}
				ws = append(ws, want{strings.TrimPrefix(objs[i], "<-"), side})
			}
		}
	}
	siteTables.Lock()
	defer siteTables.Unlock()
	var out []wire.Release
	for _, w := range ws {
		for _, t := range siteTables.all {
			for i := range t {
				r := &t[i]
				if r == s || r.Obj == "" || !slices.Contains(releasingOps[w.side], r.Op) || !releases(r, w.side, w.obj) {
					continue
				}
				out = append(out, wire.Release{Obj: w.obj, Op: r.Op, At: toSite(r), Reached: r.hit, Called: r.hit || funcHit(t, r.Func)})
			}
		}
	}
	return out
}

// releases reports whether site r, one of the operations that release a
// wait of this side, works on obj: a select by one of its cases of the
// opposite direction (a receive case releases a sender).
func releases(r *Site, side, obj string) bool {
	if r.Op != "Select" {
		return r.Obj == obj
	}
	if side == "send" {
		obj = "<-" + obj
	}
	for objs := r.Obj; objs != ""; {
		var o string
		o, objs, _ = strings.Cut(objs, "|")
		if o == obj {
			return true
		}
	}
	return false
}

// funcHit reports whether the run reached a site of function fn in table t.
func funcHit(t []Site, fn string) bool {
	for i := range t {
		if t[i].hit && t[i].Func == fn && fn != "" {
			return true
		}
	}
	return false
}
