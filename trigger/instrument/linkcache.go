package instrument

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// goTestCached runs go test -c for us into a directory of the cache
// directory that stays the same between builds of the same packages of
// the same module with the same flags and overlay: the go command leaves
// a binary whose build ID already matches its inputs as it is, so a hunt
// of unchanged code does not link again (half a second or more a
// package). Each binary is then linked (or copied) to its place in the
// work directory: a later build, which replaces the cache's file, never
// changes a binary a hunt is running. Only a go command that succeeded
// places binaries: one that failed may have left an older binary of a
// package it could not build.
func (b *builder) goTestCached(ctx context.Context, m *module, overlay string, us []*unit) (string, error) {
	var paths []string
	for _, u := range us {
		paths = append(paths, u.path)
	}
	slices.Sort(paths)
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%q\x00%v\x00%q", m.dir, b.testFlags(), overlay == b.localOverlay, paths)
	dir := filepath.Join(b.opts.CacheDir, "bin-"+hex.EncodeToString(h.Sum(nil))[:16])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	cachedir.Touch(dir) // used: trimming keeps it
	unlock, err := lockFile(dir + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	out := dir + string(filepath.Separator)
	if len(us) == 1 {
		out = filepath.Join(dir, path.Base(us[0].path)+".test")
	}
	msg, err := b.goTest(ctx, m, overlay, out, paths)
	if err != nil {
		return msg, err
	}
	for _, u := range us {
		if err := Place(filepath.Join(dir, path.Base(u.path)+".test"), b.binaryPath(u)); err != nil {
			return msg, err
		}
	}
	return msg, nil
}

// Place makes dst a hard link to src, or a copy where links cannot be
// made (another file system).
func Place(src, dst string) error {
	os.Remove(dst)
	if os.Link(src, dst) == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
