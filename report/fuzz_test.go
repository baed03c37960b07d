package report

import (
	"bytes"
	"testing"
)

// FuzzRead checks that Read never panics and that whatever it accepts
// survives a write and a second read unchanged.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	sample().Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"version": 1, "findings": []}`))
	f.Add([]byte(`{"version": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := r.Write(&out); err != nil {
			t.Fatalf("accepted report does not write: %v", err)
		}
		if _, err := Read(&out); err != nil {
			t.Fatalf("written report does not read back: %v", err)
		}
	})
}
