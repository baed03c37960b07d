package wire

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
)

// Draws are the values a run's scheduler decided besides the next
// goroutine (random draws, map iteration orders, a select's choice among
// ready cases), in the order the run drew them: a replay gives each draw
// its recorded value. Data is the base64 of two unsigned varints per
// draw: the steps since the previous draw (the first: its step index),
// then the value's code: 0 for a wide value derived from Seed and the
// draw's index (DeriveDraw), else the value plus 1. Small values, the
// usual ones, take two bytes a draw before base64.
type Draws struct {
	Seed  uint64 `json:"seed"`
	Count int    `json:"count"`
	Data  string `json:"data"`
}

// DeriveDraw is the wide value of draw i of a run whose draw seed is
// seed (splitmix64): wide values are drawn this way, so that a witness
// stores a byte for them, not ten.
func DeriveDraw(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// EncodeDraws encodes the draws made at steps (non-decreasing) with
// values vals; nil when there are none.
func EncodeDraws(seed uint64, steps []int, vals []uint64) *Draws {
	if len(vals) == 0 {
		return nil
	}
	buf := make([]byte, 0, 2*len(vals))
	prev := 0
	for i, v := range vals {
		buf = binary.AppendUvarint(buf, uint64(steps[i]-prev))
		prev = steps[i]
		code := v + 1 // the runtime draws 2^64-1 only as a derived value
		if v == DeriveDraw(seed, i) {
			code = 0
		}
		buf = binary.AppendUvarint(buf, code)
	}
	return &Draws{Seed: seed, Count: len(vals), Data: base64.RawStdEncoding.EncodeToString(buf)}
}

// Decode returns the draws' steps and values.
func (d *Draws) Decode() (steps []int, vals []uint64, err error) {
	if d == nil {
		return nil, nil, nil
	}
	buf, err := base64.RawStdEncoding.DecodeString(d.Data)
	if err != nil {
		return nil, nil, fmt.Errorf("draws: %w", err)
	}
	if d.Count < 0 || d.Count > len(buf) {
		return nil, nil, fmt.Errorf("draws: count %d does not fit %d bytes of data", d.Count, len(buf))
	}
	steps, vals = make([]int, 0, d.Count), make([]uint64, 0, d.Count)
	step := 0
	for len(buf) > 0 {
		delta, n := binary.Uvarint(buf)
		if n <= 0 {
			return nil, nil, errors.New("draws: truncated step")
		}
		buf = buf[n:]
		code, n := binary.Uvarint(buf)
		if n <= 0 {
			return nil, nil, errors.New("draws: truncated value")
		}
		buf = buf[n:]
		step += int(delta)
		v := code - 1
		if code == 0 {
			v = DeriveDraw(d.Seed, len(vals))
		}
		steps, vals = append(steps, step), append(vals, v)
	}
	if len(vals) != d.Count {
		return nil, nil, fmt.Errorf("draws: %d recorded, count says %d", len(vals), d.Count)
	}
	return steps, vals, nil
}
