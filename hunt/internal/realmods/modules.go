package main

import "strings"

// module is a module to try: path@version, and how to prepare it.
type module struct {
	name, path, version string
	init                bool   // no go.mod: go mod init path first
	args                string // deadhunt confirm's flags for it, if any
	note                string // why it is here, if not plain (a dependency without go.mod)
	pkgs                string // the packages tested, by go test and deadhunt alike; "" is ./...
	shards              int    // the hunt's shards (-shard i/N, merged) unless -shards says; 0 is 1
}

// patterns is the packages m tests.
func (m module) patterns() []string {
	if m.pkgs == "" {
		return []string{"./..."}
	}
	return strings.Fields(m.pkgs)
}

// modules are tried in this order: the 17 of issue #15, then those issue
// #32 added (each with goroutines, locks, channels or timers in its tests).
// Not github.com/cenkalti/backoff: go test does not build v4.3.0 (go vet:
// ExampleRetryContext refers to unknown identifier), and v5.0.3's
// ExampleRetry fetches a page from a public host, retrying for minutes.
var modules = []module{
	{name: "go-deadlock", path: "github.com/sasha-s/go-deadlock", version: "v0.3.9"},
	{name: "puddle", path: "github.com/jackc/puddle/v2", version: "v2.2.3"},
	{name: "yamux", path: "github.com/hashicorp/yamux", version: "v0.1.2"},
	{name: "bbolt", path: "go.etcd.io/bbolt", version: "v1.5.0"},
	{name: "golang-lru", path: "github.com/hashicorp/golang-lru/v2", version: "v2.0.7"},
	{name: "go-cache", path: "github.com/patrickmn/go-cache", version: "v2.1.0+incompatible", init: true},
	{name: "x-sync", path: "golang.org/x/sync", version: "v0.24.0"},
	{name: "conc", path: "github.com/sourcegraph/conc", version: "v0.3.0"},
	{name: "ttlcache", path: "github.com/jellydator/ttlcache/v3", version: "v3.4.1"},
	{name: "workerpool", path: "github.com/gammazero/workerpool", version: "v1.3.0"},
	{name: "pond", path: "github.com/alitto/pond/v2", version: "v2.7.1"},
	{name: "eventbus", path: "github.com/asaskevich/EventBus", version: "latest", init: true, args: "-p 1"},
	{name: "pubsub", path: "github.com/cskr/pubsub", version: "v1.0.2"},
	{name: "groupcache", path: "github.com/golang/groupcache", version: "v0.0.0-20241129210726-2c02b8208cf8"},
	{name: "ants", path: "github.com/panjf2000/ants/v2", version: "latest"},
	{name: "x-time", path: "golang.org/x/time", version: "latest"},
	{name: "cmap", path: "github.com/orcaman/concurrent-map/v2", version: "latest"},

	// Issue #32's additions.
	{name: "buntdb", path: "github.com/tidwall/buntdb", version: "v1.3.0", args: "-p 1", // its tests share the file data.db
		note: "its dependency github.com/tidwall/lotsa (goroutines and a WaitGroup, instrumented) has no go.mod"},
	{name: "eapache-channels", path: "github.com/eapache/channels", version: "v1.1.0", init: true,
		note: "no go.mod; nor has its dependency github.com/eapache/queue v1.1.0"},
	{name: "gobreaker", path: "github.com/sony/gobreaker/v2", version: "v2.4.0"},
	{name: "ratelimit", path: "go.uber.org/ratelimit", version: "v0.3.1"},
	{name: "ristretto", path: "github.com/dgraph-io/ristretto/v2", version: "v2.4.2"},
	{name: "bigcache", path: "github.com/allegro/bigcache/v3", version: "v3.1.0"},
	{name: "oklog-run", path: "github.com/oklog/run", version: "v1.2.0"},
	{name: "cron", path: "github.com/robfig/cron/v3", version: "v3.0.1"},
	{name: "clockwork", path: "github.com/jonboulle/clockwork", version: "v0.5.0"},
}

// large are the test suites of large Go systems (issue #33, -set large):
// real TCP and UDP, thousands of goroutines, minutes under plain go test.
// Their hunts go in shards, one after another, each within -bound.
var large = []module{
	{name: "hashicorp-raft", path: "github.com/hashicorp/raft", version: "v1.8.0", shards: 4},
	{name: "etcd-raft", path: "go.etcd.io/raft/v3", version: "v3.7.0", shards: 2},
	{name: "etcd-client", path: "go.etcd.io/etcd/client/v3", version: "v3.7.3", shards: 2},
	{name: "client-go-cache", path: "k8s.io/client-go", version: "v0.37.2", pkgs: "./tools/cache/...", shards: 2},
	{name: "etcd-server", path: "go.etcd.io/etcd/server/v3", version: "v3.7.3", shards: 8},
	{name: "grpc", path: "google.golang.org/grpc", version: "v1.85.0", shards: 8},
	{name: "quic-go", path: "github.com/quic-go/quic-go", version: "v0.65.0", shards: 8},
	{name: "pebble", path: "github.com/cockroachdb/pebble", version: "v1.1.5", shards: 8},
	{name: "nats-server", path: "github.com/nats-io/nats-server/v2", version: "v2.15.2", pkgs: "./server/...", shards: 16},
}
