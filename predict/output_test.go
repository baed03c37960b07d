package predict

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

func TestWriteProfile(t *testing.T) {
	res := predictFile(t, "abba")
	var buf bytes.Buffer
	if err := res.Graph.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Sample) != 2 {
		t.Fatalf("%d samples, want one per cycle edge", len(p.Sample))
	}
	s := p.Sample[0]
	if s.Label["held"][0] != "main.a" || s.Label["acquired"][0] != "main.b" {
		t.Errorf("labels %v", s.Label)
	}
	if fn := s.Location[0].Line[0].Function; fn.Name != "main.first" || fn.Filename != "abba.go" {
		t.Errorf("leaf frame %s %s, want main.first in abba.go", fn.Name, fn.Filename)
	}
	if fn := p.Sample[1].Location[0].Line[0].Function; fn.Name != "main.second" {
		t.Errorf("edge without stack has leaf %s, want its site's function main.second", fn.Name)
	}
}

func TestProfileEmptyWhenNoCycle(t *testing.T) {
	var buf bytes.Buffer
	if err := predictFile(t, "guard").Graph.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse(&buf)
	if err != nil || len(p.Sample) != 0 {
		t.Fatalf("profile of a trace with no prediction: %v samples, error %v", len(p.Sample), err)
	}
}

func TestWriteDOT(t *testing.T) {
	var buf bytes.Buffer
	if err := predictFile(t, "instances").Graph.WriteDOT(&buf); err != nil {
		t.Fatal(err)
	}
	dot := buf.String()
	for _, want := range []string{
		"digraph lockorder {",
		`n0 [label="(*p.Account).mu"];`,
		`n0 -> n0 [label="2", color=red, penwidth=2];`,
	} {
		if !strings.Contains(dot, want) {
			t.Errorf("dot lacks %q:\n%s", want, dot)
		}
	}
	buf.Reset()
	predictFile(t, "guard").Graph.WriteDOT(&buf)
	if strings.Contains(buf.String(), "red") {
		t.Errorf("guarded order drawn as a cycle:\n%s", buf.String())
	}
}
