package predict

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/predict/trace"
	"golang.org/x/tools/txtar"
)

// TestGolden predicts from the trace section of each testdata/*.txtar and
// compares the result with its expect section.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			checkArchive(t, file)
		})
	}
}

// checkArchive predicts from one archive's trace section and checks the
// result against its expect section.
func checkArchive(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in, expect := section(ar, "trace"), section(ar, "expect")
	if in == nil || expect == nil && !golden.Update() {
		t.Fatalf("%s: want sections trace and expect", file)
	}
	res, err := Predict(trace.NewReader(bytes.NewReader(in.Data)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckTxtar(t, file, map[string][]byte{"expect": []byte(res.String())})
}

func section(ar *txtar.Archive, name string) *txtar.File {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			return &ar.Files[i]
		}
	}
	return nil
}
