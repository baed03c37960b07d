package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDropLocalReplaces: a monorepo module's replaces to sibling directories
// (in a block, as etcd's) are dropped, a replace to another module's
// version is kept.
func TestDropLocalReplaces(t *testing.T) {
	dir := t.TempDir()
	gomod := `module example.com/client

go 1.22

require (
	example.com/api v1.2.0
	example.com/other v1.0.0
)

replace (
	example.com/api => ../../api
	example.com/pkg => ../pkg
)

replace example.com/other => example.com/fork v1.0.1
`
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := dropLocalReplaces(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	if strings.Contains(got, "../../api") || strings.Contains(got, "../pkg") || !strings.Contains(got, "example.com/fork v1.0.1") {
		t.Errorf("go.mod after dropLocalReplaces:\n%s", got)
	}
}
