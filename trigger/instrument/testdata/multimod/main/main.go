package main

import "example.com/dep"

func main() { dep.Locked(func() {}) }
