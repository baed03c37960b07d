package wire

import (
	"slices"
	"testing"
)

func TestDrawsRoundTrip(t *testing.T) {
	const seed = 7
	steps := []int{0, 0, 3, 4, 900, 900}
	vals := []uint64{1, 0, DeriveDraw(seed, 2), 5, 1 << 40, DeriveDraw(seed, 5)}
	d := EncodeDraws(seed, steps, vals)
	gs, gv, err := d.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(gs, steps) || !slices.Equal(gv, vals) {
		t.Fatalf("round trip: steps %v values %v, want %v %v", gs, gv, steps, vals)
	}
	if EncodeDraws(seed, nil, nil) != nil {
		t.Error("no draws encode as something")
	}
}

// A draw every step of a 200,000-step schedule, small values and wide
// derived ones, fits in well under a megabyte.
func TestDrawsCompact(t *testing.T) {
	const n = 200_000
	steps, vals := make([]int, n), make([]uint64, n)
	for i := range n {
		steps[i] = i
		vals[i] = uint64(i % 7)
		if i%3 == 0 {
			vals[i] = DeriveDraw(1, i)
		}
	}
	d := EncodeDraws(1, steps, vals)
	if len(d.Data) > 600_000 {
		t.Errorf("%d draws take %d bytes", n, len(d.Data))
	}
	_, gv, err := d.Decode()
	if err != nil || !slices.Equal(gv, vals) {
		t.Fatalf("decode: %v", err)
	}
}

func TestDrawsCorrupt(t *testing.T) {
	for _, d := range []*Draws{
		{Count: 1, Data: "!!"},
		{Count: 2, Data: EncodeDraws(0, []int{1}, []uint64{1}).Data},
		{Count: 1, Data: "gA"}, // a varint cut short
	} {
		if _, _, err := d.Decode(); err == nil {
			t.Errorf("%+v decoded without error", d)
		}
	}
}
