package lockcycle_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deadhunt/deadhunt/analyzer/lockcycle"
)

func TestAnalyzer(t *testing.T) {
	cases := []string{
		"cycle2", "cycle3", "guard", "consistent", "ordered", "helpers", "rwr",
		"doublelock", "deferpat", "missing", "ignore", "iface", "embedded",
		"crossb", "lstb", "sibtop", "classes", "sameclass", "rings", "handoff", "join", "elements", "trylock", "closures", "locker", "generics", "wgdone",
		"setcb", "lockerfield", "assert", "loopring", "methodcb",
	}
	analysistest.Run(t, analysistest.TestData(), lockcycle.Analyzer, cases...)
}

// TestLargeFunction checks that a function of thousands of blocks is
// analysed (or skipped) without a crash, and other functions still are.
func TestLargeFunction(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("package big\n\nimport \"sync\"\n\nvar a, c sync.Mutex\n\nfunc huge(x int) int {\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "\tif x == %d {\n\t\ta.Lock()\n\t\tx++\n\t\ta.Unlock()\n\t}\n", i)
	}
	b.WriteString("\treturn x\n}\n\n")
	b.WriteString("func ac() {\n\ta.Lock()\n\tc.Lock() // want `lock order cycle: big.a held while acquiring big.c`\n\tc.Unlock()\n\ta.Unlock()\n}\n\n")
	b.WriteString("func ca() {\n\tc.Lock()\n\ta.Lock()\n\ta.Unlock()\n\tc.Unlock()\n}\n")
	src := "// want package:\"lockcycle\\\\(edges .*\\\\)\"\n" + b.String()
	if err := os.MkdirAll(filepath.Join(dir, "src", "big"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "big", "big.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, lockcycle.Analyzer, "big")
}

// TestTestsFlag checks that findings in _test.go files are reported only
// with -tests (the doublelock case has one that stays silent by default).
func TestTestsFlag(t *testing.T) {
	if err := lockcycle.Analyzer.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	defer lockcycle.Analyzer.Flags.Set("tests", "false")
	analysistest.Run(t, analysistest.TestData(), lockcycle.Analyzer, "testsflag")
}

// TestSameClassNestingFlag checks that -same-class-nesting=false silences
// a ring that is reported by default (rings.Node has the same shape).
func TestSameClassNestingFlag(t *testing.T) {
	if err := lockcycle.Analyzer.Flags.Set("same-class-nesting", "false"); err != nil {
		t.Fatal(err)
	}
	defer lockcycle.Analyzer.Flags.Set("same-class-nesting", "true")
	analysistest.Run(t, analysistest.TestData(), lockcycle.Analyzer, "ringsoff")
}
