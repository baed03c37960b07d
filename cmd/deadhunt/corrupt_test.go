package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInputCorruptReport: replay and review reject a report that is
// not one (binary garbage, empty, cut short) with exit 1 and a message
// naming the file, and build nothing.
func TestBadInputCorruptReport(t *testing.T) {
	e, b := fake(t)
	dir := e.dir
	good := `{"version": 1, "tool": "deadhunt confirm", "findings": [{"id": "DH-0123456789", "kind": "lock-order-cycle"`
	files := map[string][]byte{
		"garbage.json": {0x00, 0xff, 0x13, 0x37, 'P', 'K', 0x03, 0x04},
		"empty.json":   {},
		"cut.json":     []byte(good),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name := range files {
		r := cli(t, e, "replay", name, "--finding", "DH-0123456789")
		if r.code != exitError || !strings.Contains(r.stderr, name) || b.Calls() != 0 {
			t.Errorf("replay %s: exit %d, %d build(s), stderr %q; want 1, none, the file named", name, r.code, b.Calls(), r.stderr)
		}
		r = cli(t, e, "review", "--text", name)
		if r.code != exitError || !strings.Contains(r.stderr, name) {
			t.Errorf("review %s: exit %d, stderr %q; want 1 and the file named", name, r.code, r.stderr)
		}
	}
}
