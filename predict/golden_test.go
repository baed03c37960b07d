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
	in := golden.Section(ar, "trace")
	if in == nil {
		t.Fatalf("%s: want a section trace", file)
	}
	res, err := Predict(trace.NewReader(bytes.NewReader(in.Data)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckTxtar(t, file, []string{"trace"}, map[string][]byte{"expect": []byte(res.String())})
}
