package trace

import (
	"strings"
	"testing"
)

func TestReadErrors(t *testing.T) {
	const hdr = "deadhunt-trace 1\n"
	const run = hdr + "run 1 T\nsite 1 a.go:1:1 f\nlock 1 m 0x1\n"
	cases := []struct{ in, want string }{
		{"", `trace: line 1: missing header "deadhunt-trace 1"`},
		{"deadhunt-trace 2\n", `trace: line 1: missing header`},
		{hdr + "foo 1\n", `trace: line 2: unknown event "foo"`},
		{hdr + `"run" 1 T` + "\n", `trace: line 2: unknown event "run"`},
		{hdr + "run x T\n", `trace: line 2: run: bad id "x"`},
		{hdr + "run -1 T\n", `trace: line 2: run: bad id "-1"`},
		{hdr + "run 1\n", `trace: line 2: run: 1 fields, want 2`},
		{hdr + `run 1 "T` + "\n", `trace: line 2: unterminated quoted field`},
		{hdr + `run 1 "T"x` + "\n", `trace: line 2: quoted field followed by text`},
		{hdr + `run 1 "\q"` + "\n", `trace: line 2: bad quoted field`},
		{hdr + "lock 1 m 0x1\n", `trace: line 2: lock before the first run`},
		{hdr + "acq 1 1 1\n", `trace: line 2: acq before the first run`},
		{run + "acq 1 2 1\n", `trace: line 5: undefined lock 2`},
		{run + "acq 1 1 2\n", `trace: line 5: undefined site 2`},
		{run + "acq 1 1 1 3\n", `trace: line 5: undefined stack 3`},
		{run + "acq 1 1 1 3 4\n", `trace: line 5: acq: 5 fields, want 3`},
		{run + "rel 1 7\n", `trace: line 5: undefined lock 7`},
		{run + "go 1 2 9\n", `trace: line 5: undefined site 9`},
		{run + "lock 1 m 0x2\n", `trace: line 5: lock 1 defined twice`},
		{run + "site 1 b.go:1:1 g\n", `trace: line 5: site 1 defined twice`},
		{run + "stack 1 4\n", `trace: line 5: stack 1: undefined frame 4`},
		{run + "run 2 U\nacq 1 1 1\n", `trace: line 6: undefined lock 1`},
		{hdr + "stack\n", `trace: line 2: stack: 0 fields, want 1`},
		{hdr + "end 1234567890\n", `trace: line 2: end: bad id "1234567890"`},
	}
	for _, c := range cases {
		_, err := readAll(t, c.in)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("read %q: error %v, want %s", c.in, err, c.want)
		}
	}
}

func TestLongLine(t *testing.T) {
	in := "deadhunt-trace 1\nrun 1 " + strings.Repeat("x", MaxLine+1) + "\n"
	_, err := readAll(t, in)
	if err == nil || err.Error() != "trace: line 2: line too long" {
		t.Fatalf("error %v, want line too long", err)
	}
}
