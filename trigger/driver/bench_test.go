package driver

import (
	"context"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver/drivertest"
	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// BenchmarkRunFake measures the driver's cost per run (config and result
// files, process group, output scan) with the fake binary, which does
// nothing: the floor under every controlled run.
func BenchmarkRunFake(b *testing.B) {
	bin := drivertest.FakeBinary(b)
	pkg := Package{ImportPath: "example.com/fake", Dir: b.TempDir(), Binary: bin}
	r := newRunner(10*time.Second, nil, b.TempDir(), 1)
	for b.Loop() {
		rn, err := r.exec(context.Background(), &pkg, "TestPass", wire.Config{Strategy: report.RPro, Seed: 1})
		if err != nil || rn.Outcome != Pass {
			b.Fatalf("%v %v", rn, err)
		}
	}
}
