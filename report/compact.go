package report

import (
	"encoding/json"
	"fmt"

	"github.com/deadhunt/deadhunt/trigger/rt/wire"
)

// A long schedule is written run-length encoded (schedule_rle), in wire's
// encoding, as the runtime writes its results: a report or result may
// hold either form, and readers accept both.

// CompactMin is the length from which a witness's schedule is written
// compactly; shorter ones stay a plain list, as in version 2 reports.
const CompactMin = wire.CompactMin

// Draws are a witness's draws (wire.Draws).
type Draws = wire.Draws

// CompactSchedule is a run-length encoded schedule.
type CompactSchedule = wire.CompactSchedule

// Compact encodes a schedule.
func Compact(steps []Step) *CompactSchedule { return wire.Compact(steps) }

// witnessJSON is Witness without its methods, for its JSON forms.
type witnessJSON Witness

type witnessOut struct {
	witnessJSON
	ScheduleRLE *CompactSchedule `json:"schedule_rle,omitempty"`
}

// MarshalJSON writes a long schedule compactly (schedule_rle).
func (w Witness) MarshalJSON() ([]byte, error) {
	out := witnessOut{witnessJSON: witnessJSON(w)}
	if len(w.Schedule) >= CompactMin {
		out.ScheduleRLE = Compact(w.Schedule)
		out.Schedule = nil
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads either form of the schedule.
func (w *Witness) UnmarshalJSON(data []byte) error {
	var in witnessOut
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	*w = Witness(in.witnessJSON)
	if in.ScheduleRLE != nil {
		steps, err := in.ScheduleRLE.Expand()
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		w.Schedule = steps
	}
	return nil
}
