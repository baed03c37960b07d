package main

import (
	"testing"

	"github.com/deadhunt/deadhunt/trigger/driver"
)

func TestSameClasses(t *testing.T) {
	cases := []struct {
		got, want []string
		same      bool
	}{
		{[]string{"(*p.A).mu", "(*p.A).mu"}, []string{"(*p.A).mu"}, true},
		{[]string{"b", "a"}, []string{"a", "b"}, true},
		{[]string{"a"}, []string{"a", "b"}, false},
		{[]string{"(*p.C).pool.mu"}, []string{"(*p.Pool).mu"}, false},
	}
	for _, c := range cases {
		if got := sameClasses(c.got, c.want); got != c.same {
			t.Errorf("sameClasses(%q, %q) = %v", c.got, c.want, got)
		}
	}
}

func TestRateString(t *testing.T) {
	r := rate{runs: 200, deadlocks: 55, confirmed: 1, bad: map[driver.Outcome]int{driver.Timeout: 3}}
	if got, want := r.String(), "55/200 (27.5%) other deadlock [3 timeout]"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	r.expected = true
	if got, want := r.String(), "55/200 (27.5%) [3 timeout]"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := (rate{note: "not built"}).String(); got != "– not built" {
		t.Errorf("%q", got)
	}
}
