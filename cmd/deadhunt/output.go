package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/deadhunt/deadhunt/report"
)

// writeText writes the report as text, file names relative to root.
func writeText(w io.Writer, rep *report.Report, root string) error {
	rel, err := rep.RelativeTo(root)
	if err == nil {
		err = rel.WriteText(w)
	}
	return err
}

// annotate writes the report as SARIF to the file sarif names (- is
// stdout), if any, and, if github, as GitHub Actions annotations to
// stdout, file names relative to the module root.
func annotate(e *env, rep *report.Report, root, sarif string, github bool) error {
	if sarif == "" && !github {
		return nil
	}
	rel, err := rep.RelativeTo(root)
	if err != nil {
		return err
	}
	if github {
		if err := rel.WriteGitHub(e.stdout); err != nil {
			return err
		}
	}
	version := "(devel)" // deadhunt's module version, for a local build
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	write := func(w io.Writer) error { return rel.WriteSARIF(w, version) }
	switch sarif {
	case "":
		return nil
	case "-":
		return write(e.stdout)
	}
	return writeFile(sarif, write)
}

// writeProfile writes the report's findings as a pprof profile to the
// named file, if any.
func writeProfile(rep *report.Report, name string) error {
	if name == "" {
		return nil
	}
	return writeFile(name, rep.WriteProfile)
}

// resolve names a file given on the command line relative to dir; "" and
// "-" (stdout) stay as they are.
func resolve(dir, name string) string {
	if filepath.IsAbs(name) || name == "-" || name == "" {
		return name
	}
	return filepath.Join(dir, name)
}

// writeFile creates the named file and writes it with write.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
