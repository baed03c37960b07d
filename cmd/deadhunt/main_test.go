package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestDispatchUnknown(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"frobnicate"}, &out, &errb); code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(errb.String(), `unknown command "frobnicate"`) {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"help"}, &out, &errb); code != exitOK {
		t.Errorf("exit %d", code)
	}
	for _, c := range commands {
		if !strings.Contains(out.String(), c.name) {
			t.Errorf("help does not list %s", c.name)
		}
	}
}
