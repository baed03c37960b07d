//go:build !unix

package cachedir

import "os"

// canLock: without flock the cache cannot tell whether another process
// uses it, so it is never trimmed on its own (Clean still empties it).
const canLock = false

func tryExclusive(*os.File) bool { return false }

func share(*os.File) error { return nil }

func fileID(os.FileInfo) (id [2]uint64, ok bool) { return id, false }
