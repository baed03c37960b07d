// Command goreal tries to rebuild GoBench's 40 GoReal blocking bugs from
// the Go module proxy and hunts each rebuilt one with deadhunt
// (docs/goreal.md). For each bug it reads GoBench's bug.Dockerfile,
// README and bug_patch.diff, downloads the project's module at the
// bug-free commit (or, when the proxy does not serve the commit, the first
// release that contains it, found in a git mirror), applies the patch,
// resolves the dependencies (pinned to their latest versions before the
// commit's date when the code has no go.mod) and builds the test with
// go test -c. For each rebuilt bug it stresses the test plainly and runs
// deadhunt confirm on it. Each bug's result is saved under -out, so a
// rerun skips finished bugs; -summary prints the table of saved results.
// Not part of go test ./...: it needs the proxy and many minutes.
//
//	go run ./hunt/internal/goreal [-only grpc/1275,...] [-out /tmp/goreal] [-bound 10m] [-count 20]
//	go run ./hunt/internal/goreal -summary [-out /tmp/goreal]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// A result is what became of one bug.
type result struct {
	Bug, Project, Commit, Pkg, Test string
	Rebuilt                         bool
	Source                          string   // the code used: module@version and how it was made buildable
	Why                             string   // why it was not rebuilt, or why a later step stopped
	Stress                          string   // what plain stress showed
	Hunt                            *verdict `json:",omitempty"`
	Elapsed                         string
}

func main() {
	gobench := flag.String("gobench", "/work/.mirror/timmyyuan+gobench/repo", "GoBench's git directory")
	mirrors := flag.String("mirrors", "/work/.mirror", "directory of git mirrors (owner+name/repo) to date commits and find releases")
	out := flag.String("out", "/tmp/goreal", "work directory: scratch copies, reports, saved results")
	only := flag.String("only", "", "comma-separated bugs to try (project/id), default all")
	bound := flag.Duration("bound", 10*time.Minute, "bound on rebuilding one bug")
	huntBound := flag.Duration("huntbound", 10*time.Minute, "bound on deadhunt confirm for one bug")
	count := flag.Int("count", 20, "plain stress runs of each rebuilt test")
	redo := flag.Bool("redo", false, "try bugs again even if a result is saved")
	summary := flag.Bool("summary", false, "run nothing: print the table of saved results")
	flag.Parse()
	bugs, err := loadBugs(*gobench)
	if err != nil {
		fatal(err)
	}
	if *only != "" {
		want := strings.Split(*only, ",")
		bugs = slices.DeleteFunc(bugs, func(b bug) bool { return !slices.Contains(want, b.ID) })
	}
	if *out, err = filepath.Abs(*out); err != nil {
		fatal(err)
	}
	dh := filepath.Join(*out, "deadhunt")
	if !*summary {
		os.MkdirAll(filepath.Join(*out, "results"), 0o755)
		// deadhunt is built once, from the repository this runs in.
		if b, err := exec.Command("go", "build", "-o", dh, "github.com/deadhunt/deadhunt/cmd/deadhunt").CombinedOutput(); err != nil {
			fatal(fmt.Errorf("building deadhunt: %s", b))
		}
	}
	var rs []*result
	for i := range bugs {
		b := &bugs[i]
		r, err := load(*out, b.ID)
		if *summary || (err == nil && !*redo) {
			if err == nil && r.Hunt != nil {
				// The report is read again: the table may say more of it.
				r.Hunt.read(b, filepath.Join(*out, strings.Replace(b.ID, "/", "_", 1), "report.json"))
			}
			if err == nil {
				rs = append(rs, r)
			}
			continue
		}
		fmt.Fprintf(os.Stderr, "%s: %s %.12s %s %s\n", time.Now().Format("15:04:05"), b.ID, b.Commit, b.Pkg, b.Test)
		r = try(b, *out, *mirrors, dh, *bound, *huntBound, *count)
		fmt.Fprintf(os.Stderr, "  %s\n", row(r))
		if err := save(*out, r); err != nil {
			fatal(err)
		}
		rs = append(rs, r)
	}
	fmt.Println(table(rs))
}

// try rebuilds one bug and, if that works, stresses and hunts its test.
func try(b *bug, out, mirrors, dh string, bound, huntBound time.Duration, count int) *result {
	start := time.Now()
	r := &result{Bug: b.ID, Project: b.Project, Commit: b.Commit[:12], Pkg: b.Pkg, Test: b.Test}
	defer func() { r.Elapsed = time.Since(start).Round(time.Second).String() }()
	work := filepath.Join(out, strings.Replace(b.ID, "/", "_", 1))
	src, bin := filepath.Join(work, "src"), filepath.Join(work, "bug.test")
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	var err error
	r.Source, err = rebuild(ctx, b, src, bin, mirrors)
	if err != nil {
		r.Why = err.Error()
		if ctx.Err() != nil {
			r.Why = fmt.Sprintf("not rebuilt within %v: %v", bound, err)
		}
		return r
	}
	r.Rebuilt = true
	pkgDir := filepath.Join(src, b.Pkg)
	// The test binary's own timeout, then a margin, bound the stress.
	sctx, scancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer scancel()
	r.Stress = stress(sctx, b, pkgDir, bin, count, 3*time.Minute)
	hctx, hcancel := context.WithTimeout(context.Background(), huntBound)
	defer hcancel()
	v := hunt(hctx, b, pkgDir, dh, out, filepath.Join(work, "report.json"))
	r.Hunt = &v
	return r
}

func save(out string, r *result) error {
	b, err := json.MarshalIndent(r, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(resultPath(out, r.Bug), b, 0o644)
}

func load(out, id string) (*result, error) {
	b, err := os.ReadFile(resultPath(out, id))
	if err != nil {
		return nil, err
	}
	var r result
	return &r, json.Unmarshal(b, &r)
}

func resultPath(out, id string) string {
	return filepath.Join(out, "results", strings.Replace(id, "/", "_", 1)+".json")
}

// table is the markdown table of the results, with a summary line.
func table(rs []*result) string {
	var sb strings.Builder
	sb.WriteString("| bug | commit | test | rebuilt? (code used, or why not) | plain stress shows? | deadhunt confirms? (at run) |\n")
	sb.WriteString("|---|---|---|---|---|---|\n")
	rebuilt, confirmed, shows := 0, 0, 0
	for _, r := range rs {
		sb.WriteString(row(r) + "\n")
		if r.Rebuilt {
			rebuilt++
		}
		if r.Hunt != nil && r.Hunt.ConfirmedAt > 0 {
			confirmed++
		}
		if strings.HasPrefix(r.Stress, "yes") || strings.HasPrefix(r.Stress, "fails") || strings.HasPrefix(r.Stress, "hung") {
			shows++
		}
	}
	fmt.Fprintf(&sb, "\n%d bugs: %d rebuilt, %d confirmed by deadhunt, %d shown (failed or hung) by plain stress.\n", len(rs), rebuilt, confirmed, shows)
	return sb.String()
}

// row is the result's line of the table: short; the saved JSON has it all.
func row(r *result) string {
	rebuilt := "no: " + brief(r.Why)
	if r.Rebuilt {
		rebuilt = "yes: " + briefSource(r.Source)
	}
	stress, dh := "–", "–"
	if r.Rebuilt {
		stress = r.Stress
	}
	if v := r.Hunt; v != nil {
		switch {
		case v.ConfirmedAt > 0:
			dh = fmt.Sprintf("**yes, at run %d** of %d; %s", v.ConfirmedAt, v.Runs, strings.Split(v.Matches, " [")[0])
		case v.Observed > 0:
			dh = fmt.Sprintf("no: hang observed in the plain run, not confirmed (%d runs, exit %d)", v.Runs, v.Exit)
		case strings.Contains(v.Error, "fail on their own"):
			dh = "not hunted: the test fails on its own in deadhunt's plain run (exit 1)"
		case v.Error != "":
			dh = fmt.Sprintf("error (exit %d): %s", v.Exit, v.Error)
		default:
			dh = fmt.Sprintf("no (%d runs, %s; %d unconfirmed findings)", v.Runs, v.Stop, len(v.Findings))
		}
	}
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	return fmt.Sprintf("| %s | %s | %s | %s | %s | %s |", r.Bug, r.Commit, r.Test, cell(rebuilt), cell(stress), cell(dh))
}

var (
	tryRE   = regexp.MustCompile(`(v[0-9][^ :]*): ([^;]*)`)
	patchRE = regexp.MustCompile(`(patch failed: \S+|\S+: No such file)`)
)

// brief shortens why a bug was not rebuilt: the releases tried are
// counted by what stopped them.
func brief(why string) string {
	head, tries, ok := strings.Cut(why, "; releases containing it: ")
	head, _, _ = strings.Cut(head, " (")
	if !ok {
		if i := strings.Index(why, "; build: "); i >= 0 {
			return "build: " + why[i+len("; build: "):]
		}
		if _, rest, ok := strings.Cut(why, ";"); ok { // the reason in brackets dropped
			return head + ";" + rest
		}
		return head
	}
	var served, patch []string
	for _, m := range tryRE.FindAllStringSubmatch(tries, -1) {
		if strings.Contains(m[2], "does not apply") {
			if p := patchRE.FindString(m[2]); p != "" {
				patch = append(patch, m[1]+" ("+p+")")
			} else {
				patch = append(patch, m[1])
			}
		} else {
			served = append(served, m[1])
		}
	}
	s := head + "; releases with the fix tried:"
	if len(served) > 0 {
		s += " not served: " + strings.Join(served, ", ") + "."
	}
	if len(patch) > 0 {
		s += " bug_patch.diff does not apply: " + strings.Join(patch, ", ") + "."
	}
	return s
}

// briefSource shortens the note on the code a bug was rebuilt from.
func briefSource(src string) string {
	mod, note, _ := strings.Cut(src, ": ")
	parts := strings.Split(note, "; ")
	s := mod
	if strings.HasPrefix(parts[0], "release") {
		s += " (release with the fix; the commit is not served)"
	}
	certs := false
	for _, p := range parts[1:] {
		if strings.Contains(p, "server1.pem") {
			certs = true
			continue
		}
		s += "; " + p
	}
	if certs {
		s += "; expired test certificate re-signed"
	}
	return s
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "goreal:", err)
	os.Exit(1)
}
