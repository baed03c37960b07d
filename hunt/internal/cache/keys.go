package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// sourceKey hashes what the test main main links; ok is false when a
// package it links has an error (its build is left to the compiler).
func sourceKey(byPath map[string]*listed, main, base string) (string, bool) {
	m := byPath[main]
	if m == nil || m.Error != nil {
		return "", false
	}
	return depsKey(byPath, m.Deps, base)
}

// depsKey hashes base and the packages at paths: the files of those in
// the user's modules, the module version of the others (the standard
// library's are base's toolchain); ok is false when one of them has an
// error.
func depsKey(byPath map[string]*listed, paths []string, base string) (string, bool) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", base)
	for _, d := range slices.Sorted(slices.Values(paths)) {
		p := byPath[d]
		switch {
		case p == nil || p.Error != nil:
			return "", false
		case p.Standard:
			continue // the toolchain's version is in base
		}
		fmt.Fprintf(h, "%s\x00", d)
		if v := moduleVersion(p.Module); v != "" {
			fmt.Fprintf(h, "%s\x00", v)
			continue
		}
		if p.Module != nil {
			fmt.Fprintf(h, "go%s\x00", p.Module.GoVersion)
		}
		if !hashFiles(h, p) {
			return "", false
		}
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// moduleVersion is mod@version for a package of a module the go command
// downloaded, "" for one whose files are on disk to be read (the main
// module, a replacement by a directory).
func moduleVersion(m *listedModule) string {
	switch {
	case m == nil || m.Main:
		return ""
	case m.Replace != nil && m.Replace.Version == "":
		return ""
	case m.Replace != nil:
		return m.Replace.Path + "@" + m.Replace.Version
	}
	return m.Path + "@" + m.Version
}

// hashFiles adds the names and contents of p's files to h.
func hashFiles(h io.Writer, p *listed) bool {
	for _, names := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles} {
		for _, name := range names {
			path := name
			if !filepath.IsAbs(path) {
				path = filepath.Join(p.Dir, name)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return false
			}
			fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
			h.Write(data)
		}
	}
	return true
}
