package predict

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/predict/trace"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expect sections of testdata/*.txtar")

// TestGolden predicts from the trace section of each testdata/*.txtar and
// compares the result with its expect section.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			golden(t, file)
		})
	}
}

func golden(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in, expect := section(ar, "trace"), section(ar, "expect")
	if in == nil || expect == nil && !*update {
		t.Fatalf("%s: want sections trace and expect", file)
	}
	res, err := Predict(trace.NewReader(bytes.NewReader(in.Data)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := res.String()
	if *update {
		if expect == nil {
			ar.Files = append(ar.Files, txtar.File{Name: "expect"})
			expect = &ar.Files[len(ar.Files)-1]
		}
		expect.Data = []byte(got)
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != string(expect.Data) {
		t.Errorf("%s: got\n%s\nwant\n%s", file, got, expect.Data)
	}
}

func section(ar *txtar.Archive, name string) *txtar.File {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			return &ar.Files[i]
		}
	}
	return nil
}
