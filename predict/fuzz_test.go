package predict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
	"github.com/deadhunt/deadhunt/predict/trace"
	"golang.org/x/tools/txtar"
)

// FuzzPredict checks that prediction never panics on a trace the reader
// accepts, and that its findings are valid reports.
func FuzzPredict(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		data, _ := os.ReadFile(file)
		if s := golden.Section(txtar.Parse(data), "trace"); s != nil {
			f.Add(string(s.Data))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		res, err := Predict(trace.NewReader(strings.NewReader(in)), Options{})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "trace: ") {
				t.Fatalf("error without layer: %v", err)
			}
			return
		}
		_ = res.String()
		for _, f := range res.Findings("p") {
			if err := f.CheckValid(); err != nil {
				t.Fatalf("invalid finding %s: %v", f.Summary(), err)
			}
		}
	})
}
