package analyzer_test

import (
	"context"
	"testing"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/corpus"
)

// BenchmarkCorpus measures loading the corpus from source and running
// lockcycle over it through the Go API.
func BenchmarkCorpus(b *testing.B) {
	root := corpus.MustRoot()
	for b.Loop() {
		rep, err := analyzer.Findings(context.Background(), root, "./...")
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Findings) == 0 {
			b.Fatal("no findings on the corpus")
		}
	}
}
