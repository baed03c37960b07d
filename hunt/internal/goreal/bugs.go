package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strings"
)

// A bug is one GoReal blocking bug as GoBench describes it.
type bug struct {
	ID      string // "grpc/1275"
	Project string // "grpc"
	Repo    string // the cloned repository, "github.com/grpc/grpc-go"
	Import  string // the import path the code uses, "google.golang.org/grpc"
	Commit  string // the bug-free commit the patch reverts the fix of
	Pkg     string // the package directory the test is built in, "./transport"
	Test    string // the test that shows the bug
	Patch   []byte // bug_patch.diff
	Trace   string // the README's backtrace
}

const blocking = "gobench/goreal/blocking"

var (
	cloneRE = regexp.MustCompile(`git clone https://(github\.com/[^ ]+?)(?:\.git)? (/go/src/(\S+))`)
	resetRE = regexp.MustCompile(`git reset --hard ([0-9a-f]{40})`)
	testRE  = regexp.MustCompile(`\.(Test[A-Za-z0-9_]+)`)
)

// importOverride is the import path of code whose Dockerfile clones it
// elsewhere in GOPATH than where its imports say it lives.
var importOverride = map[string]string{
	"github.com/moby/moby": "github.com/docker/docker",
}

// loadBugs reads the 40 bugs from the GoBench git directory: the
// repository, commit and package from bug.Dockerfile, the test from
// GoBench's configuration (else the README's backtrace).
func loadBugs(gobench string) ([]bug, error) {
	show := func(path string) ([]byte, error) {
		return exec.Command("git", "-C", gobench, "show", "HEAD:"+path).Output()
	}
	conf := map[string]struct{ Testfunc string }{}
	if b, err := show("gobench/configures/goreal/blocking.json"); err == nil {
		json.Unmarshal(b, &conf)
	}
	out, err := exec.Command("git", "-C", gobench, "ls-tree", "-r", "--name-only", "HEAD", blocking).Output()
	if err != nil {
		return nil, fmt.Errorf("listing %s: %v", blocking, err)
	}
	var bugs []bug
	for _, f := range strings.Fields(string(out)) {
		if !strings.HasSuffix(f, "/bug.Dockerfile") {
			continue
		}
		dir := strings.TrimSuffix(f, "/bug.Dockerfile")
		b := bug{ID: strings.TrimPrefix(dir, blocking+"/")}
		b.Project, _, _ = strings.Cut(b.ID, "/")
		df, err := show(f)
		if err != nil {
			return nil, err
		}
		m := cloneRE.FindSubmatch(df)
		r := resetRE.FindSubmatch(df)
		if m == nil || r == nil {
			return nil, fmt.Errorf("%s: no clone or reset in bug.Dockerfile", b.ID)
		}
		b.Repo, b.Import, b.Commit = string(m[1]), string(m[3]), string(r[1])
		if o, ok := importOverride[b.Import]; ok {
			b.Import = o
		}
		// The last WORKDIR is the package directory, relative to the clone.
		for _, line := range strings.Split(string(df), "\n") {
			if w, ok := strings.CutPrefix(line, "WORKDIR "); ok {
				w = strings.TrimSpace(w)
				if i := strings.LastIndex(w, string(m[2])); i >= 0 {
					b.Pkg = "./" + strings.Trim(strings.TrimPrefix(w[i+len(m[2]):], "/."), "/")
				}
			}
		}
		b.Pkg = strings.TrimSuffix(b.Pkg, "/")
		if b.Patch, err = show(dir + "/bug_patch.diff"); err != nil {
			return nil, err
		}
		readme, _ := show(dir + "/README.md")
		if _, t, ok := strings.Cut(string(readme), "## Backtrace"); ok {
			b.Trace = t
		}
		b.Test = conf[strings.Replace(b.ID, "/", "_", 1)].Testfunc
		if b.Test == "" || b.Test == "^Test$" {
			if t := testRE.FindStringSubmatch(b.Trace); t != nil {
				b.Test = t[1]
			}
		}
		bugs = append(bugs, b)
	}
	// The projects most likely to rebuild first.
	rank := map[string]int{"grpc": 0, "etcd": 1, "hugo": 2, "syncthing": 3, "serving": 4, "istio": 5, "moby": 6, "cockroach": 7, "kubernetes": 8}
	sort.SliceStable(bugs, func(i, j int) bool { return rank[bugs[i].Project] < rank[bugs[j].Project] })
	return bugs, nil
}

// traceFuncs are the functions of the project's own code in a backtrace,
// short ("transport.(*recvBufferReader).Read"), to match findings with.
func traceFuncs(trace string) []string {
	seen := map[string]bool{}
	var fs []string
	for _, line := range strings.Split(trace, "\n") {
		line = strings.TrimPrefix(strings.TrimSpace(line), "created by ")
		i := strings.LastIndex(line, "(")
		if i <= 0 || strings.Contains(line, ".go:") || strings.HasPrefix(line, "goroutine") {
			continue
		}
		f := line[:i]
		if j := strings.LastIndex(f, "/"); j >= 0 {
			f = f[j+1:]
		}
		pkg, _, _ := strings.Cut(f, ".")
		if std[pkg] || strings.Contains(f, ".Test") || seen[f] {
			continue
		}
		seen[f] = true
		fs = append(fs, f)
	}
	return fs
}

// std are the standard packages whose frames say nothing of the bug.
var std = map[string]bool{"runtime": true, "sync": true, "testing": true, "io": true, "net": true, "time": true, "reflect": true, "bufio": true, "os": true, "syscall": true, "internal": true}
