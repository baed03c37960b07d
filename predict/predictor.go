package predict

import (
	"errors"
	"io"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// Predictor builds the lock-order graph from one or more traces.
type Predictor struct {
	opts Options
	tables
	own  trace.Table // definitions for events given to Add
	file fileScope   // per-trace caches of interned sites and stacks
	run  *runState   // the run being read
	recs records     // edges, double locks, recursive reads, writers
}

// fileScope maps a trace's site and stack ids to interned ones.
type fileScope struct {
	sites  map[int]int
	stacks map[int]int
}

// New returns an empty Predictor.
func New(opts Options) *Predictor {
	p := &Predictor{opts: opts.withDefaults()}
	p.classIdx = make(map[string]int)
	p.siteIdx = make(map[report.Site]int)
	p.created = make(map[runG]int)
	p.recs.init()
	p.newFile()
	return p
}

func (p *Predictor) newFile() {
	p.file = fileScope{sites: make(map[int]int), stacks: make(map[int]int)}
	p.run = nil
}

// ReadFrom adds every event of a trace; a trace's ids are its own, so
// several traces may be read one after another.
func (p *Predictor) ReadFrom(r *trace.Reader) error {
	p.newFile()
	for {
		e, err := r.ReadEvent()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := p.event(e, r.Table()); err != nil {
			return err
		}
	}
}

// Add adds one event of a trace given event by event (all Add calls form
// one trace). It checks ids as a Reader would.
func (p *Predictor) Add(e trace.Event) error {
	if err := p.own.Apply(e); err != nil {
		return err
	}
	return p.event(e, &p.own)
}

// Predict reads a trace and returns its predictions.
func Predict(r *trace.Reader, opts Options) (*Result, error) {
	p := New(opts)
	if err := p.ReadFrom(r); err != nil {
		return nil, err
	}
	return p.Result()
}

// PredictEvents predicts from the events of one trace, checking ids as a
// Reader would.
func PredictEvents(events []trace.Event, opts Options) (*Result, error) {
	p := New(opts)
	for _, e := range events {
		if err := p.Add(e); err != nil {
			return nil, err
		}
	}
	return p.Result()
}
