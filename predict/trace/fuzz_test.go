package trace

import (
	"io"
	"strings"
	"testing"
)

// FuzzReader checks that the reader never panics and that every event it
// accepts, written back, reads back the same.
func FuzzReader(f *testing.F) {
	f.Add(sample)
	f.Add("deadhunt-trace 1\nrun 1 T\nsite 0 \"a b\" \"\\x00\"\nlock 0 \"\" \"\\\"\"\nacq 0 0 0\n")
	f.Add("deadhunt-trace 1\nstack 70000\nframe 70000 f a.go:1\n")
	f.Add("deadhunt-trace 1\r\nrun 007 T\r\n\r\nend 1\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := NewReader(strings.NewReader(in))
		var evs []Event
		for {
			e, err := r.ReadEvent()
			if err != nil {
				if err != io.EOF && !strings.HasPrefix(err.Error(), "trace: ") {
					t.Fatalf("error without layer: %v", err)
				}
				break
			}
			evs = append(evs, e)
		}
		text := writeAll(t, evs)
		again, err := readAll(t, text)
		if err != nil {
			t.Fatalf("re-read of accepted events failed: %v\n%s", err, text)
		}
		if len(again) != len(evs) {
			t.Fatalf("re-read %d events, want %d", len(again), len(evs))
		}
		for i := range evs {
			if !evs[i].Equal(again[i]) {
				t.Fatalf("event %d: %v re-read as %v", i, evs[i], again[i])
			}
		}
	})
}
