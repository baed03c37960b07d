package rt

import (
	"testing"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

func TestParseDump(t *testing.T) {
	dump := []byte(`goroutine 1 [chan receive]:
testing.(*T).Run(0xc000003dc0, {0x5f1b7a, 0x8}, 0x6070c8)
	/usr/local/go/src/testing/testing.go:2101 +0x4c5
main.main()
	_testmain.go:47 +0xd4

goroutine 7 [sync.WaitGroup.Wait]:
sync.runtime_SemacquireWaitGroup(0xc00001e0e8?, 0x0?)
	/usr/local/go/src/runtime/sema.go:114 +0x2e
sync.(*WaitGroup).Wait(0xc00001e0e0)
	/usr/local/go/src/sync/waitgroup.go:206 +0x85
deadhunt.dev/rt.WGWait(0xc00001e0e0, 0x6f5a40)
	/cache/rt/waitgroup.go:80 +0x2a
example.com/p.(*Pool).Close(0xc00001e0c0)
	/m/p/pool.go:50 +0x65
testing.tRunner(0xc000003dc0, 0x6070c8)
	/usr/local/go/src/testing/testing.go:1934 +0xea
created by testing.(*T).Run in goroutine 1
	/usr/local/go/src/testing/testing.go:2094 +0x4a5

goroutine 9 [select]:
deadhunt.dev/rt.(*sched).watchdog(0xc000100000)
	/cache/rt/watchdog.go:92 +0x2a
created by deadhunt.dev/rt.(*sched).wakeWatchdog in goroutine 7
	/cache/rt/watchdog.go:25 +0x65

goroutine 10 [coroutine]:
runtime.coroswitch(0xc000110000)
	/usr/local/go/src/runtime/coro.go:142 +0x4c
iter.Pull[...].func1.1()
	/usr/local/go/src/iter/iter.go:287 +0x26
`)
	saved := rtPrefix
	rtPrefix = "deadhunt.dev/rt."
	defer func() { rtPrefix = saved }()
	gs := parseDump(dump)
	if len(gs) != 4 {
		t.Fatalf("%d goroutines, want 4: %+v", len(gs), gs)
	}
	g7 := gs[7]
	if g7.state != "sync.WaitGroup.Wait" || g7.ours || len(g7.frames) != 3 || g7.frames[1].Func != "example.com/p.(*Pool).Close" || g7.frames[1].Line != 50 {
		t.Errorf("goroutine 7: %+v", g7)
	}
	if !gs[9].ours || !gs[10].ours || gs[1].ours {
		t.Errorf("ours: 1 %v, 9 %v, 10 %v; want the watchdog and the coroutine only", gs[1].ours, gs[9].ours, gs[10].ours)
	}
	if g7.created != "testing.(*T).Run in goroutine 1" {
		t.Errorf("created %q", g7.created)
	}
}

// The goroutine leak profile's dump marks leaked goroutines; leakedIn
// keeps those, with where they were created.
func TestLeakedIn(t *testing.T) {
	dump := []byte(`goroutine 6 [chan receive]:
testing.(*T).Run(0xc000003dc0, {0x5f1b7a, 0x8}, 0x6070c8)
	/usr/local/go/src/testing/testing.go:2101 +0x4c5

goroutine 7 [chan send (leaked)]:
example.com/p.Start.func1()
	/m/p/p.go:14 +0x1e
created by example.com/p.Start in goroutine 6
	/m/p/p.go:12 +0x76

goroutine 8 [select (leaked)]:
example.com/p.loop()
	/m/p/p.go:30 +0x1e
created by example.com/p.Start in goroutine 6
	/m/p/p.go:13 +0x76
`)
	gs := leakedIn(parseDump(dump))
	if len(gs) != 2 {
		t.Fatalf("%d leaked, want 2: %+v", len(gs), gs)
	}
	g := gs[0]
	want := wire.Site{File: "/m/p/p.go", Line: 12, Func: "example.com/p.Start"}
	if g.State != "leaked" || g.GoState != "chan send" || g.Created != want || len(g.Stack) != 1 || g.Stack[0].Line != 14 {
		t.Errorf("first leaked: %+v, want created at %v, blocked at p.go:14", g, want)
	}
	if gs[1].GoState != "select" || gs[1].Created.Line != 13 {
		t.Errorf("second leaked: %+v", gs[1])
	}
}
