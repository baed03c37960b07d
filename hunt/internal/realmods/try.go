package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
)

// try fetches m, runs plain go test and deadhunt confirm on it (each
// within bound; a hunt in shards, each shard within bound) and reads what
// they showed. Both outputs are kept under out: <name>.plain.json and
// <name>.txt, the report <name>.json (merged from <name>.shard-i.json).
func try(m module, dh, out string, runs int, bound time.Duration) (*result, error) {
	dir := filepath.Join(out, "src", m.name)
	version, err := fetch(m, dir)
	if err != nil {
		return nil, err
	}
	r := &result{Module: m.name, Version: version}
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	var plainOut bytes.Buffer
	start := time.Now()
	_ = run(ctx, dir, &plainOut, "go", append([]string{"test", "-count=1", "-json"}, m.patterns()...)...) // failing tests are data
	r.PlainWall = time.Since(start)
	r.PlainTimedOut = ctx.Err() != nil
	os.WriteFile(filepath.Join(out, m.name+".plain.json"), plainOut.Bytes(), 0o644)
	r.Plain, r.PlainPkgs, r.PlainNotBuilt = goTestOutcomes(plainOut.Bytes())

	var dhOut bytes.Buffer
	rep := filepath.Join(out, m.name+".json")
	os.Remove(rep)
	args := []string{"confirm", "-count=1"}
	if runs > 0 {
		args = append(args, "--runs", fmt.Sprint(runs))
	}
	args = append(args, strings.Fields(m.args)...)
	n := max(m.shards, 1)
	var parts []string
	for i := 1; i <= n; i++ {
		part := rep
		sargs := slices.Clone(args)
		if n > 1 {
			part = filepath.Join(out, fmt.Sprintf("%s.shard-%d.json", m.name, i))
			sargs = append(sargs, "-shard", fmt.Sprintf("%d/%d", i, n))
			os.Remove(part)
		}
		ctx, cancel := context.WithTimeout(context.Background(), bound)
		start := time.Now()
		_ = run(ctx, dir, &dhOut, dh, append(append(sargs, "-o", part), m.patterns()...)...) // exit 1 and 3 are data
		cancel()
		r.DHWall += time.Since(start)
		r.ShardWalls = append(r.ShardWalls, time.Since(start))
		parts = append(parts, part)
	}
	if n > 1 {
		var merged bytes.Buffer
		err := run(context.Background(), dir, &merged, dh, append([]string{"merge", "-o", rep}, parts...)...)
		if _, serr := os.Stat(rep); serr != nil { // exit 1 and 3 are data, as confirm's
			return nil, fmt.Errorf("deadhunt merge: %v: %s", err, merged.String())
		}
	}
	os.WriteFile(filepath.Join(out, m.name+".txt"), dhOut.Bytes(), 0o644)
	r.DH = deadhuntOutcomes(dhOut.Bytes())
	if err := r.readReport(rep); err != nil {
		return nil, err
	}
	return r, nil
}

// fetch copies m's module source to dir (afresh) and makes it buildable
// on its own; it returns the version fetched.
func fetch(m module, dir string) (string, error) {
	var js bytes.Buffer
	if err := run(context.Background(), "", &js, "go", "mod", "download", "-json", m.path+"@"+m.version); err != nil {
		return "", fmt.Errorf("download: %v", err)
	}
	var info struct{ Dir, Version string }
	if err := json.Unmarshal(js.Bytes(), &info); err != nil {
		return "", err
	}
	os.RemoveAll(dir)
	if err := os.CopyFS(dir, os.DirFS(info.Dir)); err != nil {
		return "", err
	}
	if err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	}); err != nil {
		return "", err
	}
	if m.init {
		if err := run(context.Background(), dir, nil, "go", "mod", "init", m.path); err != nil {
			return "", fmt.Errorf("go mod init: %v", err)
		}
	}
	if err := dropLocalReplaces(dir); err != nil {
		return "", err
	}
	if err := run(context.Background(), dir, nil, "go", "mod", "tidy"); err != nil {
		return "", fmt.Errorf("go mod tidy: %v", err)
	}
	return info.Version, nil
}

// dropLocalReplaces removes the go.mod's replace directives that point to
// a directory (a monorepo's siblings, ../../api): the module's zip does
// not carry them, and the versions it requires come from the proxy.
func dropLocalReplaces(dir string) error {
	name := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return err
	}
	dropped := false
	for _, r := range slices.Clone(f.Replace) {
		if r.New.Version == "" { // a directory: a replacement module has a version
			if err := f.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return err
			}
			dropped = true
		}
	}
	if !dropped {
		return nil
	}
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(name, out, 0o644)
}

// run runs a command in dir, its stdout to out (if not nil), stderr to
// ours; a context that ends sends an interrupt (deadhunt then saves a report
// marked interrupted).
func run(ctx context.Context, dir string, out *bytes.Buffer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 30 * time.Second
	if out != nil {
		cmd.Stdout = out
	}
	cmd.Stderr = os.Stderr
	if out != nil && name != "go" {
		cmd.Stderr = out // deadhunt's progress and lines
	}
	return cmd.Run()
}
