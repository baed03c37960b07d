package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/internal/golden"
)

func TestGitHubGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := outputsInput(t).WriteGitHub(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "github.golden"), buf.Bytes())
}

func TestGitHubAnnotations(t *testing.T) {
	rep := outputsInput(t)
	var buf bytes.Buffer
	if err := rep.WriteGitHub(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	want := 0
	for _, f := range rep.Findings {
		if f.Ignored == nil {
			want++
		}
	}
	if len(lines) != want {
		t.Fatalf("%d annotations for %d findings not ignored:\n%s", len(lines), want, buf.String())
	}
	for _, l := range lines {
		// ::level file=...,line=N[,col=N],title=...::message, on one line.
		head, msg, ok := strings.Cut(strings.TrimPrefix(l, "::"), "::")
		if !ok || !strings.HasPrefix(l, "::") || msg == "" {
			t.Errorf("malformed annotation %q", l)
			continue
		}
		level, props, _ := strings.Cut(head, " ")
		if level != "error" && level != "warning" && level != "notice" {
			t.Errorf("level %q", level)
		}
		for _, key := range []string{"file=", ",line=", ",title=deadhunt%3A "} {
			if !strings.Contains(props, key) {
				t.Errorf("annotation %q lacks %s", l, key)
			}
		}
	}
	if !strings.HasPrefix(lines[len(lines)-1], "::error file=corpus/deadlock/abba/abba.go,line=16,col=2,title=deadhunt%3A confirmed lock-order-cycle::") {
		t.Errorf("confirmed cycle annotation: %q", lines[len(lines)-1])
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got := escapeData("50% done\nnext\r"); got != "50%25 done%0Anext%0D" {
		t.Errorf("escapeData = %q", got)
	}
	if got := escapeProperty("a:b,c%"); got != "a%3Ab%2Cc%25" {
		t.Errorf("escapeProperty = %q", got)
	}
}

func TestGitHubActionsEnv(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	if !GitHubActions() {
		t.Error("GITHUB_ACTIONS=true not detected")
	}
	t.Setenv("GITHUB_ACTIONS", "")
	if GitHubActions() {
		t.Error("detected without GITHUB_ACTIONS")
	}
}
