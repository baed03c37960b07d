// Command lockcycle predicts deadlocks from source: lock-order cycles,
// double locking, recursive read locks and missing unlocks.
//
//	go vet -vettool=$(which lockcycle) ./...
//	lockcycle [-json] ./...
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/deadhunt/deadhunt/analyzer"
	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
)

func main() {
	if err := checkVetConfig(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	singlechecker.Main(lockcycle.Analyzer)
}

// checkVetConfig refuses, with the reason, a package go vet hands over
// (its last argument a vet.cfg file) whose toolchain is newer than this
// binary's: its type checker would fail on the standard library without a
// word. A dependency of the standard library analysed only for its facts
// fails silently, as before (its GoVersion is the toolchain's); the
// packages named on go vet's command line ask the go command and say why.
func checkVetConfig(args []string) error {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return nil
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return nil // singlechecker reports it
	}
	var cfg struct {
		Dir       string
		GoVersion string
		VetxOnly  bool
	}
	if json.Unmarshal(data, &cfg) != nil {
		return nil
	}
	if cfg.VetxOnly {
		if analyzer.CheckToolchain(cfg.GoVersion) != nil {
			os.Exit(1)
		}
		return nil
	}
	goVersion, err := analyzer.ToolchainIn(context.Background(), cfg.Dir)
	if err != nil {
		return nil
	}
	return analyzer.CheckToolchain(goVersion)
}
