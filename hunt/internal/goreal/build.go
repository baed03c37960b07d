package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// goEnv keeps the toolchain local and lets go commands edit go.mod.
var goEnv = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod -buildvcs=false -vet=off", "GOWORK=off")

// run runs a command in dir within ctx and returns its combined output.
func run(ctx context.Context, dir string, name string, args ...string) ([]byte, error) {
	return runEnv(ctx, dir, goEnv, name, args...)
}

// runEnv is run with the environment env.
func runEnv(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out: %s %s", name, strings.Join(args, " "))
	}
	return out, err
}

// A download is what go mod download -json says of one module version.
type download struct {
	Path, Version, Error, Dir, Info string
}

var (
	declaresRE = regexp.MustCompile(`declares its path as: (\S+)`)
	preRE      = regexp.MustCompile(`rc|alpha|beta|dev|pre|test`)
)

// fetchModule downloads path@version; when the module's go.mod names
// another path (go.etcd.io/etcd for github.com/coreos/etcd), that one.
func fetchModule(ctx context.Context, tmp, path, version string) (download, error) {
	d, err := fetchModule1(ctx, tmp, path, version)
	if err != nil && strings.Contains(err.Error(), "not available") {
		err = fmt.Errorf("%s@%s not served", path, version)
	}
	return d, err
}

func fetchModule1(ctx context.Context, tmp, path, version string) (download, error) {
	for range 2 {
		out, _ := run(ctx, tmp, "go", "mod", "download", "-json", path+"@"+version)
		var d download
		if err := json.Unmarshal(out, &d); err != nil {
			return d, fmt.Errorf("go mod download %s@%s: %s", path, version, firstLine(out))
		}
		if d.Error == "" {
			return d, nil
		}
		if strings.Contains(d.Error, "not available") {
			return d, fmt.Errorf("%s@%s not served", path, version)
		}
		m := declaresRE.FindStringSubmatch(d.Error)
		if m == nil {
			return d, errors.New(firstLine([]byte(d.Error)))
		}
		path = m[1]
	}
	return download{}, fmt.Errorf("%s: module path changes twice", path)
}

// versionTime is the time the proxy gives a module version.
func versionTime(ctx context.Context, dir, path, version string) (time.Time, error) {
	out, err := run(ctx, dir, "go", "list", "-m", "-json", path+"@"+version)
	var v struct{ Time time.Time }
	if err != nil || json.Unmarshal(out, &v) != nil {
		return time.Time{}, fmt.Errorf("%s@%s: %s", path, version, firstLine(out))
	}
	return v.Time, nil
}

// releases are the semver tags of the repository's git mirror that contain
// commit, oldest first, and the commit's time: the releases that carry the
// fix when the proxy does not serve the commit itself.
func releases(mirror, commit string) ([]string, time.Time, error) {
	out, err := exec.Command("git", "-C", mirror, "log", "-1", "--format=%cI", commit).Output()
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("commit %.12s not in git mirror %s", commit, mirror)
	}
	t, _ := time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	out, _ = exec.Command("git", "-C", mirror, "tag", "--contains", commit, "--sort=creatordate").Output()
	// Releases as the proxy would name them: v0.51 is v0.51.0, istio's
	// 1.4.0 is v1.4.0; v3.2.0+git and release candidates are no release,
	// docker's v17.03.0-ce is.
	var tags []string
	for _, tag := range strings.Fields(string(out)) {
		if !strings.HasPrefix(tag, "v") {
			tag = "v" + tag
		}
		v, pre := semver.Canonical(tag), semver.Prerelease(tag)
		if v == "" || semver.Build(tag) != "" || preRE.MatchString(pre) || slices.Contains(tags, v) {
			continue
		}
		tags = append(tags, v)
	}
	return tags, t, nil
}

// source fetches the bug-free code: the commit if the proxy serves it,
// else the first release of the mirror containing it that the proxy
// serves and the patch applies to. It returns the download, a note on
// which code it is, and the date dependencies are pinned to;
// prepare (copying the code and applying the patch) must succeed on it.
func source(ctx context.Context, b *bug, tmp, mirrors string, prepare func(download) error) (download, string, time.Time, error) {
	d, err := fetchModule(ctx, tmp, b.Import, b.Commit)
	if err == nil {
		t, _ := versionTime(ctx, tmp, d.Path, d.Version)
		return d, "commit", t, prepare(d)
	}
	notServed := fmt.Sprintf("commit %.12s not served by the proxy (%s)", b.Commit, shorten(err.Error(), 60))
	owner, name, _ := strings.Cut(strings.TrimPrefix(b.Repo, "github.com/"), "/")
	mirror := filepath.Join(mirrors, owner+"+"+name, "repo")
	if _, err := os.Stat(mirror); err != nil && b.Project == "hugo" {
		mirror = filepath.Join(mirrors, "gohugoio+hugo", "repo")
	}
	if _, err := os.Stat(mirror); err != nil {
		return d, "", time.Time{}, fmt.Errorf("%s; no git mirror to find a release containing it", notServed)
	}
	tags, when, err := releases(mirror, b.Commit)
	if err != nil {
		return d, "", time.Time{}, fmt.Errorf("%s; %v", notServed, err)
	}
	// The first releases by date, then those the proxy lists (it serves
	// only some, and not all it serves are listed).
	out, _ := run(ctx, tmp, "go", "list", "-m", "-json", "-versions", b.Import)
	var listed struct{ Versions []string }
	json.Unmarshal(out, &listed)
	try := slices.Clip(tags[:min(5, len(tags))]) // appending must not write into tags
	for _, t := range tags[len(try):] {
		if len(try) < 8 && (slices.Contains(listed.Versions, t) || slices.Contains(listed.Versions, t+"+incompatible")) {
			try = append(try, t)
		}
	}
	var tried []string
	for _, tag := range try {
		d, err = fetchModule(ctx, tmp, b.Import, tag)
		if err == nil {
			if err = prepare(d); err == nil {
				return d, fmt.Sprintf("release %s (first served tag containing %.12s of %s, patch applied)", d.Version, b.Commit, when.Format("2006-01-02")), when, nil
			}
		}
		tried = append(tried, tag+": "+shorten(err.Error(), 80))
	}
	if len(tried) == 0 {
		return d, "", time.Time{}, fmt.Errorf("%s; no release tag contains it", notServed)
	}
	return d, "", time.Time{}, fmt.Errorf("%s; releases containing it: %s", notServed, strings.Join(tried, "; "))
}

// rebuild makes dir a buildable module of the buggy code and builds the
// test binary bin. It returns a note on the code used.
func rebuild(ctx context.Context, b *bug, dir, bin, mirrors string) (string, error) {
	tmp := filepath.Join(filepath.Dir(dir), "tmp")
	os.MkdirAll(tmp, 0o755)
	os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module tmp\n"), 0o644)
	prepare := func(d download) error {
		os.RemoveAll(dir)
		if err := os.CopyFS(dir, os.DirFS(d.Dir)); err != nil { // writable copies of the module cache's read-only files
			return fmt.Errorf("copy: %v", err)
		}
		return applyPatch(dir, b.Patch)
	}
	d, note, when, err := source(ctx, b, tmp, mirrors, prepare)
	if err != nil {
		return "", err
	}
	note = d.Path + "@" + d.Version + ": " + note
	// Code without go.mod: a module of its import path, at a language
	// version old enough for its loops.
	gomod := filepath.Join(dir, "go.mod")
	if _, err := os.Stat(gomod); err != nil {
		os.WriteFile(gomod, []byte("module "+d.Path+"\n\ngo 1.16\n"), 0o644)
		note += "; go.mod synthesized"
		if _, err := os.Stat(filepath.Join(dir, b.Pkg)); err != nil {
			return note, fmt.Errorf("package %s not in the module", b.Pkg)
		}
		// Resolve the imports (go picks the latest versions), then pin each
		// to the latest version published before the code's date.
		run(ctx, dir, "go", "mod", "tidy", "-e")
		n, err := pinBefore(ctx, dir, when)
		if err != nil {
			return note, err
		}
		note += fmt.Sprintf("; %d deps pinned to %s", n, when.Format("2006-01-02"))
		run(ctx, dir, "go", "mod", "tidy", "-e")
	}
	// grpc keeps copies of its test certificates in several testdata
	// directories: the package's own is the one its tests read.
	for _, td := range []string{"testdata", filepath.Join(b.Pkg, "testdata")} {
		if renewed, err := renewCerts(filepath.Join(dir, td)); err != nil {
			return note, err
		} else if renewed != "" {
			note += "; " + renewed
		}
	}
	out, err := run(ctx, dir, "go", "test", "-c", "-o", bin, b.Pkg)
	if err != nil {
		return note, fmt.Errorf("build: %s", buildError(out))
	}
	return note, nil
}

// applyPatch applies bug_patch.diff, which reverts the fix.
func applyPatch(dir string, patch []byte) error {
	cmd := exec.Command("git", "apply", "--whitespace=nowarn", "-")
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(patch)
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil
	}
	cmd = exec.Command("patch", "-p1", "--forward", "--batch", "-s")
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(patch)
	if out2, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("bug_patch.diff does not apply: %s", shorten(firstLine(out)+" / "+firstLine(out2), 160))
	}
	return nil
}

// pinBefore sets each required module to its latest tagged version
// published before when (a version with a later time is skipped). A module
// with no such version keeps go's choice. It returns how many it set.
func pinBefore(ctx context.Context, dir string, when time.Time) (int, error) {
	out, err := run(ctx, dir, "go", "mod", "edit", "-json")
	var mod struct {
		Require []struct{ Path, Version string }
	}
	if err != nil || json.Unmarshal(out, &mod) != nil {
		return 0, fmt.Errorf("go mod edit -json: %s", firstLine(out))
	}
	n := 0
	for _, r := range mod.Require {
		out, err := run(ctx, dir, "go", "list", "-m", "-json", "-versions", r.Path)
		var m struct{ Versions []string }
		if err != nil || json.Unmarshal(out, &m) != nil || len(m.Versions) == 0 {
			continue
		}
		vs := m.Versions
		sort.Slice(vs, func(i, j int) bool { return semver.Compare(vs[i], vs[j]) < 0 })
		// Binary search for the last version before when: release times
		// mostly grow with versions.
		lo, hi := 0, len(vs)
		for lo < hi {
			mid := (lo + hi) / 2
			t, err := versionTime(ctx, dir, r.Path, vs[mid])
			if err != nil || t.After(when) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		if lo == 0 || vs[lo-1] == r.Version {
			continue
		}
		if _, err := run(ctx, dir, "go", "mod", "edit", "-require="+r.Path+"@"+vs[lo-1]); err == nil {
			n++
		}
	}
	return n, ctx.Err()
}

var (
	errLineRE = regexp.MustCompile(`(?m)^(\S+\.go:\d+(:\d+)?: .*|go: .*|.*cannot find module.*|.*no required module.*)$`)
	// progressRE are go's progress lines, which say nothing of the error.
	progressRE = regexp.MustCompile(`^go: (finding|downloading|found|added|upgraded) `)
	missingRE  = regexp.MustCompile(`module (\S+): reading \S+: 403`)
)

// buildError is the first line of a failed build's output that says what
// went wrong, with its count of such lines; a dependency the proxy does
// not serve is named as such.
func buildError(out []byte) string {
	if m := missingRE.FindAllSubmatch(out, -1); m != nil {
		var mods []string
		for _, x := range m {
			if !slices.Contains(mods, string(x[1])) {
				mods = append(mods, string(x[1]))
			}
		}
		return "dependencies not served by the proxy: " + shorten(strings.Join(mods, ", "), 160)
	}
	var all [][]byte
	for _, l := range errLineRE.FindAll(out, -1) {
		if !progressRE.Match(l) {
			all = append(all, l)
		}
	}
	if len(all) == 0 {
		return shorten(firstLine(out), 200)
	}
	s := shorten(string(all[0]), 200)
	if len(all) > 1 {
		s += fmt.Sprintf(" (and %d more)", len(all)-1)
	}
	return s
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// renewCerts re-signs an expired test certificate, td/server1.pem
// (grpc's), with its key and names, under a new td/ca.pem: the
// TLS tests of old code otherwise fail or hang on the expired certificate,
// not on the bug. It says what it did, "" if nothing.
func renewCerts(td string) (string, error) {
	cert := filepath.Join(td, "server1.pem")
	if err := exec.Command("openssl", "x509", "-checkend", "0", "-noout", "-in", cert).Run(); err == nil {
		return "", nil
	} else if _, serr := os.Stat(filepath.Join(td, "ca.pem")); serr != nil {
		return "", nil
	}
	san, err := exec.Command("openssl", "x509", "-noout", "-ext", "subjectAltName", "-in", cert).Output()
	if err != nil {
		return "", fmt.Errorf("reading %s: %v", cert, err)
	}
	lines := strings.Split(strings.TrimSpace(string(san)), "\n")
	names := strings.ReplaceAll(strings.TrimSpace(lines[len(lines)-1]), "IP Address:", "IP:")
	os.WriteFile(filepath.Join(td, "san.ext"), []byte("subjectAltName="+names+"\n"), 0o644)
	for _, args := range [][]string{
		{"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "3650", "-subj", "/CN=testca"},
		{"req", "-new", "-key", "server1.key", "-out", "server1.csr", "-subj", "/CN=*.test.google.com"},
		{"x509", "-req", "-in", "server1.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server1.pem", "-days", "3650", "-extfile", "san.ext"},
	} {
		cmd := exec.Command("openssl", args...)
		cmd.Dir = td
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("openssl %s: %s", args[0], firstLine(out))
		}
	}
	return "expired " + filepath.Base(filepath.Dir(td)) + "/testdata/server1.pem re-signed", nil
}
