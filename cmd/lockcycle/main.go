// Command lockcycle predicts deadlocks from source: lock-order cycles,
// double locking, recursive read locks and missing unlocks.
//
//	go vet -vettool=$(which lockcycle) ./...
//	lockcycle [-json] ./...
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
)

func main() { singlechecker.Main(lockcycle.Analyzer) }
