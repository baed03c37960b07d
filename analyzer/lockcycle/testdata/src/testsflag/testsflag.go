// Package testsflag has a double lock in its test file only.
package testsflag

import "sync"

type T struct{ mu sync.Mutex }
