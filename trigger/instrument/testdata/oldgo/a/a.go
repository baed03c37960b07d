// Package a counts through example.com/b.
package a

import "example.com/b"

var c b.Counter

// Count adds one and returns the count.
func Count() int { return c.Add() }
