package rt_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/deadhunt/deadhunt/trigger/driver"
	"github.com/deadhunt/deadhunt/trigger/rt"
)

// TestConfigContract: a configuration the driver writes reads back field
// for field as the runtime's (CONTRACT.md section 4). The runtime imports
// only the standard library, so each side declares the JSON it shares.
func TestConfigContract(t *testing.T) {
	in := driver.Config{Strategy: "directed", Seed: 7, Depth: 4, Radius: 3, Steps: 40, Goroutines: 5,
		Replay: "/r/schedule.json", Result: "/r/result.json", Trace: "/r/trace", WatchdogMS: 20,
		Target: &driver.Target{Classes: []string{"p.a"}, Sites: []string{"/p/p.go:3:4"}, Goroutines: []string{"test"},
			HeldSites: []string{"/p/p.go:1:2"}, HeldSteps: 6, Postpone: []string{"/p/p.go:5:6"}, Until: []string{"/p/p.go:7:8"}}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out rt.Config
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	want := rt.Config{Strategy: "directed", Seed: 7, Depth: 4, Radius: 3, Steps: 40, Goroutines: 5,
		Replay: "/r/schedule.json", Result: "/r/result.json", Trace: "/r/trace", WatchdogMS: 20,
		Target: rt.Targets{Classes: []string{"p.a"}, Sites: []string{"/p/p.go:3:4"}, Goroutines: []string{"test"},
			HeldSites: []string{"/p/p.go:1:2"}, HeldSteps: 6, Postpone: []string{"/p/p.go:5:6"}, Until: []string{"/p/p.go:7:8"}}}
	if !reflect.DeepEqual(out, want) {
		t.Errorf("the runtime reads\n%+v\nwant\n%+v\nfrom %s", out, want, data)
	}
	if n, m := reflect.TypeFor[driver.Config]().NumField(), reflect.TypeFor[rt.Config]().NumField(); n != m {
		t.Errorf("driver.Config has %d fields, the runtime's %d", n, m)
	}
	if n, m := reflect.TypeFor[driver.Target]().NumField(), reflect.TypeFor[rt.Targets]().NumField(); n != m {
		t.Errorf("driver.Target has %d fields, the runtime's %d", n, m)
	}
}
