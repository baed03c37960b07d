package driver

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A mirror is a private copy of a package directory for a test to run in
// (workdir.go). Its regular files are copies (a large one a hard link, or
// else a symbolic link) and its data directories (testdata, fixtures)
// real directories, so that a test may create, write, rename and delete
// files there as in its own directory. What a test does not write beside
// itself is linked, not copied: the package's subdirectories holding other
// packages or modules, those go ignores (".git", "_x"), and the entries of
// the directories above it up to the module's root, so that a relative
// path like ../testdata still leads where it did.
type mirror struct {
	src  string // the package directory
	root string // the temporary directory holding the mirror
	dir  string // the package directory's copy: the working directory
	made map[string]entrySig
}

// copyLimit is the size above which a file is linked, not copied: test
// data that large is read, not written.
const copyLimit = 1 << 20

// treeLimit is the most entries of a subdirectory copied, not linked
// (node_modules, a corpus of thousands of files): each mirror pays for
// the copy, and each run's end for comparing it.
const treeLimit = 2000

// makeMirror mirrors the package directory src in a new directory under
// parent. Its path ends with src's path from its module's parent
// directory (…/mod/sub/pkg), so the directory's name stays the package's.
func makeMirror(parent, src string) (*mirror, error) {
	src = filepath.Clean(src)
	top := moduleDir(src)
	root, err := os.MkdirTemp(parent, "dir-")
	if err != nil {
		return nil, fmt.Errorf("driver: working directory: %w", err)
	}
	m := &mirror{src: src, root: root}
	rel, err := filepath.Rel(filepath.Dir(top), src)
	if err != nil {
		m.remove()
		return nil, fmt.Errorf("driver: working directory: %w", err)
	}
	m.dir = filepath.Join(root, rel)
	if err := m.build(top, rel); err != nil {
		m.remove()
		return nil, fmt.Errorf("driver: working directory for %s: %w", src, err)
	}
	if m.made, err = signature(root); err != nil {
		m.remove()
		return nil, fmt.Errorf("driver: working directory for %s: %w", src, err)
	}
	return m, nil
}

// build links the entries of each directory from top down to src, but the
// one on the way, and copies src.
func (m *mirror) build(top, rel string) error {
	from, to := filepath.Dir(top), m.root
	parts := strings.Split(rel, string(filepath.Separator))
	for i, part := range parts {
		from, to = filepath.Join(from, part), filepath.Join(to, part)
		if err := os.Mkdir(to, 0o755); err != nil {
			return err
		}
		if i == len(parts)-1 {
			return copyDir(from, to, true)
		}
		entries, err := os.ReadDir(from)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Name() != parts[i+1] {
				if err := os.Symlink(filepath.Join(from, e.Name()), filepath.Join(to, e.Name())); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// moduleDir is the directory of the go.mod governing dir, or dir if none.
func moduleDir(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// copyDir copies the directory src into the existing directory dst; in
// the package directory itself (top), subdirectories a test does not
// write in are linked.
func copyDir(src, dst string, top bool) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		from, to := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		var err error
		switch {
		case e.IsDir() && !(top && linkedDir(from)):
			if err = os.Mkdir(to, 0o755); err == nil {
				err = copyDir(from, to, false)
			}
		case e.Type().IsRegular():
			err = copyFile(from, to)
		default: // a linked directory, a symbolic link, a socket
			err = os.Symlink(from, to)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// linkedDir reports whether a subdirectory of the package directory is
// linked rather than copied: one go ignores (".git", "_old", but not
// testdata), one holding another package or module, or one too large.
func linkedDir(dir string) bool {
	name := filepath.Base(dir)
	if name != "testdata" && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "vendor") {
		return true
	}
	if !smallTree(dir) {
		return true
	}
	if name == "testdata" {
		return false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	for _, e := range entries {
		if n := e.Name(); n == "go.mod" || (strings.HasSuffix(n, ".go") && e.Type().IsRegular()) {
			return true
		}
	}
	return false
}

// copyFile copies the regular file src to dst with its permissions; one
// larger than copyLimit, or unreadable, is hard-linked, or else
// symbolically linked.
func copyFile(src, dst string) error {
	info, err := os.Stat(src)
	if err == nil && info.Size() <= copyLimit {
		if err = copyContents(src, dst, info.Mode().Perm()); err == nil {
			return nil
		}
		os.Remove(dst)
	}
	if os.Link(src, dst) == nil {
		return nil
	}
	return os.Symlink(src, dst)
}

func copyContents(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm|0o200)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Close())
}

// entrySig is what a run could change of one entry of a mirror.
type entrySig struct {
	mode  fs.FileMode
	size  int64
	mtime int64
	link  string
}

// signature lists every entry under root (links not followed) by its path.
func signature(root string) (map[string]entrySig, error) {
	sig := map[string]entrySig{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		s := entrySig{mode: info.Mode()}
		if info.Mode().IsRegular() {
			s.size, s.mtime = info.Size(), info.ModTime().UnixNano()
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			s.link, _ = os.Readlink(path)
		}
		sig[path] = s
		return nil
	})
	return sig, err
}

// unchanged reports whether the mirror holds what it held when made: no
// entry left created or removed, no file modified (a directory's time is
// not compared: a file created and deleted again changes only that).
func (m *mirror) unchanged() bool {
	now, err := signature(m.root)
	if err != nil || len(now) != len(m.made) {
		return false
	}
	for path, s := range now {
		if m.made[path] != s {
			return false
		}
	}
	return true
}

// remove deletes the mirror.
func (m *mirror) remove() {
	if m.root != "" {
		os.RemoveAll(m.root)
	}
}

// unmirror puts the package directory back where a run's output names
// its mirror.
func (m *mirror) unmirror(s, pkgDir string) string {
	if m.dir == "" {
		return s
	}
	return strings.ReplaceAll(s, m.dir, pkgDir)
}

// smallTree reports whether the tree of dir holds at most treeLimit
// entries.
func smallTree(dir string) bool {
	n := 0
	errStop := errors.New("stop")
	err := filepath.WalkDir(dir, func(_ string, _ fs.DirEntry, err error) error {
		if n++; err != nil || n > treeLimit {
			return errStop
		}
		return nil
	})
	return err == nil
}
