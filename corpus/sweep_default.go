//go:build !corpus

package corpus

const restOfCorpus = false
