package wire

// ConfigEnv is the environment variable naming a run's configuration file.
const ConfigEnv = "DEADHUNT_CONFIG"

// Config is one run's configuration, written as JSON by the driver to the
// file named by DEADHUNT_CONFIG (CONTRACT.md section 4).
type Config struct {
	Strategy   Strategy `json:"strategy"`
	Seed       uint64   `json:"seed"`
	Depth      int      `json:"depth,omitempty"`      // pct, rpro, directed: bug depth d
	Radius     int      `json:"radius,omitempty"`     // rpro, directed
	Steps      int      `json:"steps,omitempty"`      // k estimate: steps for pct, lock acquisitions for rpro and directed
	Goroutines int      `json:"goroutines,omitempty"` // n estimate
	// Replay names the schedule strategy replay follows: a list of steps,
	// or an object (a result) with its schedule_rle.
	Replay string  `json:"replay,omitempty"`
	Target *Target `json:"target,omitempty"` // directed; an aim's calibration counts its acquisitions
	Result string  `json:"result"`           // where the runtime writes its result
	// Trace names the file the run's trace goes to (predict/TRACE.md);
	// empty: none.
	Trace string `json:"trace,omitempty"`
	// WatchdogMS is how long a goroutine blocked outside instrumented
	// code holds the scheduler before it is released.
	WatchdogMS int `json:"watchdog_ms,omitempty"`
	// Explore asks for the run's report on its interleavings
	// (Result.Explore).
	Explore bool `json:"explore,omitempty"`
	// ScheduleIfDeadlock leaves the schedule out of a result without a
	// deadlock: the driver replays only deadlocks, and a long schedule is
	// most of the cost of writing and reading a result.
	ScheduleIfDeadlock bool `json:"schedule_if_deadlock,omitempty"`
	// BoundMS is the run's time bound, at which the runtime stops it and
	// takes a snapshot (0: no bound).
	BoundMS int `json:"bound_ms,omitempty"`
	// EndSteps caps the steps goroutines the test leaked may take after
	// its end while they keep running (0: the runtime's time limits
	// alone). The driver sets it once a test's calibration showed leaked
	// goroutines that never stop (Result.EndRunning).
	EndSteps int `json:"end_steps,omitempty"`
	// DrawPhase is the run's place among its test's runs (1: the
	// calibration, i+1: the i-th seeded run of a phase; 0: the seed
	// stands for it): the goroutines' draw modes follow it, so that any
	// three runs in a row give each goroutine each mode (rt/draw.go).
	DrawPhase int `json:"draw_phase,omitempty"`
}

// What the runtime takes for a configuration's parameters left at 0;
// DefaultDepth is a hunt's assumed depth too.
const (
	DefaultDepth      = 3
	DefaultRadius     = 8
	DefaultSteps      = 200 // pct: scheduling steps
	DefaultAcqs       = 50  // rpro, directed: lock acquisitions
	DefaultGoroutines = 4
	DefaultWatchdogMS = 50
)

// Target is the part of an aim the runtime sees: what steers the directed
// strategy toward one prediction. It names the acquisitions the strategy
// counts (of Classes or at Sites) and the goroutines it orders (created at
// Goroutines, "file:line:col" of the `go` statement or "test" for the
// test's goroutine; empty: every goroutine). HeldSites (a cycle's edges'
// first acquisitions, an RWR's writers' acquisitions) are where, from
// depth 3, one change point is drawn among HeldSteps (k) acquisitions.
type Target struct {
	Classes    []string `json:"classes,omitempty"`
	Sites      []string `json:"sites,omitempty"`
	Goroutines []string `json:"goroutines,omitempty"`
	HeldSites  []string `json:"held_sites,omitempty"`
	HeldSteps  int      `json:"held_steps,omitempty"`
	// Postpone and Until aim at a blocking candidate: a goroutine about
	// to step at a Postpone site is held back until another steps at an
	// Until site, or until nothing else can step.
	Postpone []string `json:"postpone,omitempty"`
	Until    []string `json:"until,omitempty"`
	// Late: in a recorded run a goroutine outside the target closed a
	// channel a target goroutine polled (a stopper ending its loop); the
	// directed strategy places late goroutines low on its first seeds.
	Late bool `json:"late,omitempty"`
	// First: creation sites whose new goroutines run their first steps
	// before their creators' next ones on the aim's first seed (the other
	// target goroutines' creators go on first there; later seeds swap).
	First []string `json:"first,omitempty"`
	// Slow: creation sites whose goroutines step only when no other
	// goroutine can (below the change points): a loop's receiver under
	// a stopper aim, which then drains its channel as full as the
	// goroutines feeding it can make it.
	Slow []string `json:"slow,omitempty"`
}

// LeakedEndSteps is how many steps goroutines a test leaks may take after
// its end (EndSteps) in the runs after a calibration whose leaked
// goroutines never stopped (a reader loop spinning on a codec that never
// blocks), and how many a lock-order trace keeps after the end: without a
// cap each run let them go on until the runtime's real-time limit, half
// the run's bound (keegancsmith/rpc's TestClientTrace: 5 s and 10 million
// steps a run, where the test itself takes 30 steps).
const LeakedEndSteps = 10_000
