package notests

import "sync"

var mu sync.Mutex

func Locked() { mu.Lock(); mu.Unlock() }
